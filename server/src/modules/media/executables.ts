import { eq } from 'drizzle-orm';
import { Transform } from 'node:stream';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema';
import { AppError } from '../../lib/errors';

// What a workspace that refuses executables refuses: files a computer or phone runs when opened.
// Three ways to tell, any one is enough: the name's extension, the declared type, and the first
// bytes (so a program renamed to "foto.txt" is still a program). Archives that hold programs
// (.zip) and documents with macros are not executables: they are opened by another program.

export const EXECUTABLE_REFUSED = 'Arquivos executáveis (programas, instaladores e scripts) não são permitidos neste workspace';
export const executableRefused = () => new AppError(415, EXECUTABLE_REFUSED);

/**
 * Windows programs, installers and scripts; Unix and macOS scripts and bundles; Android and Java
 * packages. Not "bin": it is the stored name of every file whose name had no extension (media-key.ts),
 * and a real program among those is caught by its bytes. Several share a container with harmless files (an .msi is an OLE file like a .doc, an
 * .apk or .jar a zip like a .docx), so their extension is the only sign.
 */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  // Windows
  'exe',
  'com',
  'scr',
  'pif',
  'cpl',
  'dll',
  'sys',
  'msi',
  'msp',
  'mst',
  'msix',
  'appx',
  'appxbundle',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'lnk',
  'reg',
  'gadget',
  'application',
  // Unix and macOS
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'command',
  'run',
  'elf',
  'out',
  'app',
  'pkg',
  'dmg',
  'deb',
  'rpm',
  'appimage',
  // Phones and virtual machines
  'apk',
  'aab',
  'xapk',
  'ipa',
  'jar',
  'class',
]);

/** Declared types of the same files, for a file whose name says nothing. */
export const EXECUTABLE_TYPES: ReadonlySet<string> = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-dosexec',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-elf',
  'application/x-sharedlib',
  'application/x-mach-binary',
  'application/x-apple-diskimage',
  'application/x-sh',
  'application/x-csh',
  'application/x-bat',
  'application/x-msbatch',
  'application/vnd.android.package-archive',
  'application/java-archive',
  'application/x-java-archive',
  'application/java-vm',
  'application/x-debian-package',
  'application/x-rpm',
]);

const extensionOf = (fileName: string) => /\.([^./\\]{1,20})$/.exec(fileName.toLowerCase())?.[1] ?? '';

/** Whether a file named `fileName` of `contentType` is an executable by its name or its type. */
export const isExecutableFile = (fileName: string, contentType: string): boolean =>
  EXECUTABLE_EXTENSIONS.has(extensionOf(fileName)) || EXECUTABLE_TYPES.has(contentType.toLowerCase());

const MACH_O = new Set(['feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe']);

/**
 * Whether the first bytes are a program's: PE ("MZ", Windows .exe/.dll/.scr), ELF (Linux, Android
 * native code), Mach-O or a universal binary (macOS; 0xCAFEBABE is also a Java class), or a script
 * that names its interpreter ("#!").
 */
export function looksExecutable(head: Buffer): boolean {
  if (head.subarray(0, 2).toString('latin1') === 'MZ') return true;
  if (head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return true;
  if (head.subarray(0, 2).toString('latin1') === '#!') return true;
  return head.length >= 4 && MACH_O.has(head.subarray(0, 4).toString('hex'));
}

const HEAD_BYTES = 4;

/** Passes the body through unless its first bytes are a program's (then fails with 415). */
export function executableCheck(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const release = (self: Transform): Error | null => {
    const refused = looksExecutable(head!);
    if (!refused) self.push(head);
    head = null;
    return refused ? executableRefused() : null;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      callback(head.length >= HEAD_BYTES ? release(this) : null);
    },
    flush(callback) {
      callback(head === null ? null : release(this));
    },
  });
}

/** Whether `workspaceId` refuses executables (ROOT, with no workspace, never does). */
export async function refusesExecutables(db: Db, workspaceId: string | null): Promise<boolean> {
  if (!workspaceId) return false;
  const [row] = await db.select({ refuse: workspaces.refuseExecutables }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.refuse ?? false;
}
