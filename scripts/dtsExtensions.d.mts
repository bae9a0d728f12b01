/** See `dtsExtensions.mjs`. */
export function addDeclarationExtensions(files: Iterable<string>): number;
