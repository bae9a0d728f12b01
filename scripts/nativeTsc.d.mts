export const nativeTsc: string;
