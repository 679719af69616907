// The project's formatting, checked in `npm test` (npm run lint). Matches the code as written:
// single quotes, semicolons, trailing commas, lines of at most 120 columns.
export default {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
};
