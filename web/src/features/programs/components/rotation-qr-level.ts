// "M" survives a smudged print or a phone screen's glare and keeps the code small.
export const ERROR_CORRECTION = "M";
