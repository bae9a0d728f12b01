// LanguageSwitcher is a `Select` with a globe; it needs no styles of its own.
export {};
