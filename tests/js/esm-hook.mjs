// The calculator's modules are plain .js ES modules served to the browser as modules; no
// package.json marks them so, and Node older than 20.19 would read them as CommonJS.
const CALCULATOR = "/site/assets/calculator/";

/** @type {import("node:module").LoadHook} */
export async function load(url, context, nextLoad) {
  if (url.startsWith("file:") && url.includes(CALCULATOR) && url.endsWith(".js")) {
    const { source } = await nextLoad(url, { ...context, format: "module" });
    return { format: "module", source, shortCircuit: true };
  }
  return nextLoad(url, context);
}
