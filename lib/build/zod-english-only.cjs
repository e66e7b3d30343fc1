// Turbopack loader for zod's locale index in the browser bundle: English only.
// zod reaches the index through namespace objects the bundler cannot shake, which
// put every language's messages (about 50 kB gzipped) on each screen; the screens
// speak English (lib/schemas/z.ts), and zod registers English by itself.
module.exports = function zodEnglishOnly() {
  return 'export { default as en } from "./en.js";\n';
};
