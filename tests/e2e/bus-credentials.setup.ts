import { inject } from 'vitest';
import { BUS_CREDENTIALS_ENV } from '@marketplace/testing';

// Before each test file: the bus secrets of the system this file's project started.
process.env[BUS_CREDENTIALS_ENV] = inject('busCredentials');
