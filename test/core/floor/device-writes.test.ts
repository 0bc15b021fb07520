/**
 * A disk overwritten by any program that writes its file operand, or erased by a disk or volume
 * manager, loses every file system on it, as `dd of=/dev/sda` does. Each partition tool's own
 * listing options stay free (`parted -s` is script mode, `sgdisk -d` deletes a partition), and
 * so do the character devices a command writes every day.
 */
import { describe, expect, it } from 'vitest';
import { reviewVerdictOf, verdictOf } from './helpers';

const STOPPED: readonly string[] = [
  // a program writing its file operand on a disk
  'tee /dev/sda < disk.iso',
  'cat /dev/zero | sudo tee /dev/sdb',
  'cp disk.img /dev/sda',
  'cd /dev && cp /w/p/disk.img sdb',
  'install -m 644 disk.img /dev/nvme0n1',
  // partition tools by their writing spellings
  'parted -s /dev/sda mklabel gpt',
  'parted --script /dev/sda rm 1',
  'sgdisk -d 1 /dev/sda',
  // disk and volume managers that erase what they are given
  'diskutil eraseDisk JHFS+ X /dev/disk2',
  'diskutil zeroDisk disk2',
  'cryptsetup luksFormat /dev/sda1',
  'cryptsetup -q erase /dev/sda1',
  'zpool create tank /dev/sdb',
  'zpool labelclear -f /dev/sdb',
  'nvme format /dev/nvme0n1',
  'nvme sanitize -a 2 /dev/nvme0',
  'hdparm --security-erase p /dev/sda',
  'hdparm --trim-sector-ranges 0:100 /dev/sda',
  'ddrescue disk.img /dev/sdb map',
];

const FREE: readonly string[] = [
  'tee /dev/stderr < log.txt',
  'cp out.txt /dev/null',
  'echo x | tee -a /dev/tty',
  'parted -s /dev/sda print',
  'sgdisk -p /dev/sda',
  'sfdisk -d /dev/sda',
  'fdisk -l',
  'diskutil list',
  'diskutil info disk2',
  'zpool status',
  'cryptsetup open /dev/sda1 data',
  'nvme list',
  'hdparm -I /dev/sda',
  'ddrescue /dev/sda disk.img map',
];

describe('disk writes by any program, no contract', () => {
  it.each(STOPPED)('%s is stopped', (command) => expect(verdictOf(command)).toBe('deny FLOOR_DEVICE_WRITE'));
  it.each(FREE)('%s stays free', (command) => expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE'));
  it('the same under review: the floor is judged first', () => {
    for (const command of STOPPED) expect(reviewVerdictOf(command), command).toBe('deny FLOOR_DEVICE_WRITE');
  });
});
