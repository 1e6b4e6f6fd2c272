import { getBrandConfig, type BrandConfig } from './brand-configs';

/** The brand this build was made for (BRAND_ID at build time, default 1). */
export const BRAND_ID: number = __BRAND_ID__;
export const currentBrand: BrandConfig = getBrandConfig(BRAND_ID);
