/** mjml 5 ships no types: the one call the server makes (modules/traveller-message). */
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlResult {
    html: string;
    errors: MjmlError[];
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    keepComments?: boolean;
    minify?: boolean;
  }
  // eslint-disable-next-line no-restricted-syntax -- the package's own default export
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<MjmlResult>;
}
