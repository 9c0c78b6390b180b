import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/*
 * `--build`: `next build` into the dist dir. Next adds `<distDir>/types` to tsconfig.json when the
 * dist dir is not `.next`; the file is put back as it was so a benchmark leaves the tree clean.
 */
export async function buildApp(distDir: string): Promise<void> {
  const tsconfig = readFileSync('tsconfig.json', 'utf8')
  try {
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
        env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
        stdio: 'inherit',
      })
      child.on('exit', (exitCode) => resolve(exitCode ?? 1))
    })
    if (code !== 0) throw new Error(`next build exited with code ${code}`)
  } finally {
    if (readFileSync('tsconfig.json', 'utf8') !== tsconfig) writeFileSync('tsconfig.json', tsconfig)
  }
}

export function assertBuilt(distDir: string): void {
  if (!existsSync(join(distDir, 'BUILD_ID'))) {
    throw new Error(
      `No production build in ${distDir}/. Run \`npm run build\` (or set NEXT_DIST_DIR), or pass --build.`,
    )
  }
}
