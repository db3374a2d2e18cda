import { createHash } from 'node:crypto';

const ADJECTIVES = [
  'Amber', 'Brisk', 'Calm', 'Clever', 'Coral', 'Crisp', 'Daring', 'Dusky', 'Eager', 'Fabled', 'Gentle', 'Gilded',
  'Golden', 'Hidden', 'Honest', 'Humble', 'Indigo', 'Ivory', 'Jolly', 'Keen', 'Kind', 'Lively', 'Lucky', 'Mellow',
  'Misty', 'Modest', 'Nimble', 'Noble', 'Olive', 'Patient', 'Plucky', 'Polite', 'Quick', 'Quiet', 'Rapid', 'Rosy',
  'Rustic', 'Sable', 'Scarlet', 'Silver', 'Sly', 'Snowy', 'Steady', 'Sunny', 'Swift', 'Tidy', 'Tranquil', 'Upbeat',
  'Valiant', 'Velvet', 'Vivid', 'Warm', 'Wily', 'Windy', 'Wise', 'Witty', 'Zesty', 'Bold', 'Bright', 'Cosmic',
  'Dapper', 'Fuzzy', 'Hardy', 'Jade',
] as const;

const ANIMALS = [
  'Albatross', 'Badger', 'Beaver', 'Bison', 'Caribou', 'Cheetah', 'Condor', 'Coyote', 'Crane', 'Dolphin', 'Eagle',
  'Egret', 'Falcon', 'Ferret', 'Finch', 'Fox', 'Gazelle', 'Gecko', 'Heron', 'Ibis', 'Jackal', 'Jaguar', 'Kestrel',
  'Koala', 'Lemur', 'Leopard', 'Lynx', 'Marmot', 'Marten', 'Meerkat', 'Moose', 'Narwhal', 'Ocelot', 'Orca', 'Osprey',
  'Otter', 'Owl', 'Panda', 'Panther', 'Pelican', 'Penguin', 'Puffin', 'Quail', 'Raven', 'Robin', 'Salmon', 'Seal',
  'Sparrow', 'Stork', 'Swan', 'Tapir', 'Tiger', 'Toucan', 'Turtle', 'Walrus', 'Weasel', 'Whale', 'Wolf', 'Wombat',
  'Wren', 'Yak', 'Zebra', 'Hare', 'Lark',
] as const;

/**
 * The stable two-word name an anonymous applicant goes by in the public list: derived from the
 * application id alone, so it never changes and reveals nothing about the member. Names may
 * repeat across applications; rows are identified by id.
 */
export function applicantCodename(applicationId: string): string {
  const digest = createHash('sha256').update(applicationId.toLowerCase()).digest();
  const adjective = ADJECTIVES[digest.readUInt16BE(0) % ADJECTIVES.length]!;
  const animal = ANIMALS[digest.readUInt16BE(2) % ANIMALS.length]!;
  return `${adjective} ${animal}`;
}
