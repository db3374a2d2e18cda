import { describe, expect, it } from 'vitest';

import { NATS_RELEASES_URL, natsInstallCommand, natsMissingMessage, osReleaseIds } from './nats-binary.js';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nVERSION="24.04 LTS (Noble Numbat)"\nID=ubuntu\nID_LIKE=debian\n';
const MINT = 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\n';
const FEDORA = 'NAME="Fedora Linux"\nVERSION_ID=40\nID=fedora\n';
const ROCKY = 'NAME="Rocky Linux"\nID="rocky"\nID_LIKE="rhel centos fedora"\n';
const ALPINE = 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.20.0\n';
const ARCH = 'NAME="Arch Linux"\nID=arch\n';

const linux = (osRelease: string | undefined, root = false) => ({ osRelease, platform: 'linux', root });

describe('the command that installs nats-server here', () => {
  it('reads ID and ID_LIKE, quoted or not', () => {
    expect(osReleaseIds(MINT)).toEqual(['linuxmint', 'ubuntu', 'debian']);
    expect(osReleaseIds(ROCKY)).toEqual(['rocky', 'rhel', 'centos', 'fedora']);
    expect(osReleaseIds('VERSION_ID=1\n')).toEqual([]);
  });

  it('names apt-get on Debian and its derivatives, with sudo unless root', () => {
    expect(natsInstallCommand(linux(DEBIAN))).toBe('sudo apt-get install nats-server');
    expect(natsInstallCommand(linux(DEBIAN, true))).toBe('apt-get install nats-server');
    expect(natsInstallCommand(linux(UBUNTU))).toBe('sudo apt-get install nats-server');
    expect(natsInstallCommand(linux(MINT, true))).toBe('apt-get install nats-server');
  });

  it('names dnf on Fedora and RHEL-likes, apk on Alpine, brew on macOS', () => {
    expect(natsInstallCommand(linux(FEDORA))).toBe('sudo dnf install nats-server');
    expect(natsInstallCommand(linux(ROCKY, true))).toBe('dnf install nats-server');
    expect(natsInstallCommand(linux(ALPINE, true))).toBe('apk add nats-server');
    expect(natsInstallCommand(linux(ALPINE))).toBe('sudo apk add nats-server');
    expect(natsInstallCommand({ osRelease: undefined, platform: 'darwin', root: false })).toBe('brew install nats-server');
  });

  it('knows no command elsewhere: another distribution, no os-release, Windows', () => {
    expect(natsInstallCommand(linux(ARCH))).toBeUndefined();
    expect(natsInstallCommand(linux(undefined))).toBeUndefined();
    expect(natsInstallCommand({ osRelease: undefined, platform: 'win32', root: false })).toBeUndefined();
  });

  it('puts the command on a line of its own, else the releases page, and always the NATS_URL way out', () => {
    const debian = natsMissingMessage(linux(DEBIAN));
    expect(debian).toMatch(/^nats-server was not found/);
    expect(debian).toContain('\n    sudo apt-get install nats-server\n');
    expect(debian).toMatch(/NATS_URL/);
    const arch = natsMissingMessage(linux(ARCH));
    expect(arch).toContain(NATS_RELEASES_URL);
    expect(arch).not.toMatch(/apt-get|dnf|apk|brew/);
    expect(arch).toMatch(/NATS_URL/);
  });
});
