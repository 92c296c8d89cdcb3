// URLs of built assets carry the build id (`?v=`), so a new build is fetched at once despite the short cache
// time of /static/build; boot.js hands the same query on to the islands it loads. The id is set by
// scripts/build.mjs when it bundles the server; `dev` under tsx.
const BUILD_ID: string = process.env.XT_BUILD_ID ?? 'dev';

export const asset = (path: string) => `${path}?v=${encodeURIComponent(BUILD_ID)}`;
