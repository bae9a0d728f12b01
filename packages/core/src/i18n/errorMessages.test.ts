import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../contract/envelope';
import { catalogueOf } from './catalogues';
import { LANGUAGES } from './languages';

/** The `errors` group of every locale module. */
const errorMessages = catalogueOf('errors');

describe('errorMessages', () => {
  it('should have every English key, non-blank, in every language', () => {
    const keys = Object.keys(errorMessages.en).sort();
    for (const language of LANGUAGES) {
      const messages = errorMessages[language];
      expect(Object.keys(messages).sort(), language).toEqual(keys);
      for (const key of keys) expect(messages[key]?.trim(), `${language}.${key}`).toBeTruthy();
    }
  });

  it('should have one message per error code', () => {
    for (const name of Object.keys(ERROR_CODES)) expect(errorMessages.en[name], name).toBeTruthy();
  });

  it('should carry the messages of spec section 8', () => {
    expect(errorMessages.en.websiteUpdated).toBe(
      'The website has been updated, please refresh the page manually!',
    );
    expect(errorMessages.en.addressWrong).toBe('The address is wrong');
    expect(errorMessages.en.publicKeyWrong).toBe('The publicKey is wrong');
    expect(errorMessages.en.notRegistered).toBe('This account has not been registered.');
    expect(errorMessages.en.verificationFailed).toBe('Verification Failed');
    expect(errorMessages.en.requestFailed).toBeTruthy();
    expect(errorMessages.en.systemError).toBeTruthy();
  });

  it('should translate, not copy, the English text', () => {
    for (const language of LANGUAGES.filter((item) => item !== 'en')) {
      expect(errorMessages[language].requestFailed).not.toBe(errorMessages.en.requestFailed);
      expect(errorMessages[language].websiteUpdated).not.toBe(errorMessages.en.websiteUpdated);
    }
  });
});
