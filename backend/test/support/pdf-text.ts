import { execFile } from 'node:child_process';

// pdf-parse's PDF.js loads its worker with a dynamic import, which jest's VM refuses: it reads in a child node.
const READ = `const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const { text } = await new PDFParse({ data: Buffer.concat(chunks) }).getText();
  process.stdout.write(text);
});`;

/** The text a reader finds in a PDF. */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', READ], { cwd: __dirname, maxBuffer: 10 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}
