// `node --require test/support/require-typescript.cjs src/<entry>.ts`: runs a backend entry from its
// source as a real process, each file compiled as it is required by TypeScript's transpileModule with
// the backend's settings (isolatedModules, as the build and ts-jest do), with @keen/rules from its
// source as in jest. A test run does not build backend/dist, which may be older than the source.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const ts = require('typescript');

const backend = path.resolve(__dirname, '..', '..');
const rules = path.join(backend, '..', 'packages', 'rules', 'src', 'index.ts');
const { config } = ts.readConfigFile(path.join(backend, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, backend);
const compilerOptions = {
  ...options,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: undefined,
  sourceMap: false,
  inlineSourceMap: true,
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === '@keen/rules' ? rules : request, ...rest);
};
for (const extension of ['.ts', '.tsx']) {
  Module._extensions[extension] = (module, fileName) =>
    module._compile(ts.transpileModule(fs.readFileSync(fileName, 'utf8'), { compilerOptions, fileName }).outputText, fileName);
}
