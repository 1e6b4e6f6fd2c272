import { getBrandConfig } from './brand-configs';
import { scaleToCssVars } from './theme-scales';

/** What vite.config.ts writes into index.html for the build's brand. */
export const brandHead = (brandId: number): { title: string; favicon: string; themeColor: string; css: string } => {
  const brand = getBrandConfig(brandId);
  return {
    title: brand.name,
    favicon: brand.logo,
    themeColor: brand.theme[600],
    // doubled :root outranks the kit's defaults whatever the stylesheet order
    css: `:root:root { ${scaleToCssVars(brand.theme)} }`,
  };
};
