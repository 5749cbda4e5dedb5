// The programmatic API of @vercel/ncc, as its README ("Programmatically From Node.js") documents it: the package ships
// no types. Only the options scripts/bundle.ts passes.
declare module '@vercel/ncc' {
  interface NccOptions {
    sourceMap?: boolean
    sourceMapRegister?: boolean
    license?: string
  }
  interface NccAsset {
    source: string | Buffer
    permissions?: number
  }
  interface NccBuild {
    code: string
    map?: string
    /** Each file to write beside `index.js`, by its name relative to the output directory. */
    assets: Record<string, NccAsset>
  }
  export default function ncc(input: string, options?: NccOptions): Promise<NccBuild>
}
