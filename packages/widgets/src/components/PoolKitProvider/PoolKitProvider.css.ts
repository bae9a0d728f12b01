// PoolKitProvider composes the theme, i18n and toast providers; it has no styles of its own.
export {};
