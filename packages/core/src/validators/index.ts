// @poolkit/core/validators: the product's validation rules as zod schemas with i18n-key messages.
export * from './fieldErrors';
export * from './miningAddressPattern';
export * from './validationKeys';
export * from './validators';
