import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@poolkit/core';

/** Longest `Accept-Language` header read; anything after is ignored. */
const MAX_HEADER_LENGTH = 512;

/** Matches a language tag case-insensitively, then by its primary subtag (`zh-TW` → `zh-CN`). */
function matchLanguage(tag: string): Language | undefined {
  const wanted = tag.toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === wanted);
  if (exact !== undefined) return exact;
  const primary = wanted.split('-')[0];
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary);
}

/**
 * The interface language of an `Accept-Language` header: the first of its tags, by quality
 * then order, that is one of the five languages (by tag, else by primary subtag, so `zh`,
 * `zh-Hans` and `zh-TW` read Chinese); English when none matches or the header is missing.
 * PoolKit's client sends one bare tag (`ru`); browsers send lists (`ja,en-US;q=0.8`).
 *
 * @example
 * requestLanguage('zh-CN') // 'zh-CN'
 * requestLanguage('fr-FR,ko;q=0.7,en;q=0.5') // 'ko'
 * requestLanguage(undefined) // 'en'
 */
export function requestLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const choices = value
    .slice(0, MAX_HEADER_LENGTH)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const qualityParameter = parameters.find((parameter) => /^\s*q=/i.test(parameter));
      const quality =
        qualityParameter === undefined ? 1 : Number(qualityParameter.split('=')[1] ?? '');
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((choice) => choice.tag !== '' && choice.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const choice of choices) {
    const language = matchLanguage(choice.tag);
    if (language !== undefined) return language;
  }
  return DEFAULT_LANGUAGE;
}
