/** The part of madge's API the cycle-check test uses (madge ships no types). */
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
  }
  interface MadgeInstance {
    circular(): string[][];
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeInstance>;
}
