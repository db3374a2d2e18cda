import { BUS_CREDENTIALS_ENV } from '@marketplace/testing';
import { inject } from 'vitest';

// Before each test file: the bus secrets of the system this file's project started.
process.env[BUS_CREDENTIALS_ENV] = inject('busCredentials');
