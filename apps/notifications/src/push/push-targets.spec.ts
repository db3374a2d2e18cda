import { describe, expect, it } from 'vitest';

import { pushTargetOf } from './push-targets.js';

describe('pushTargetOf', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx3',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://FCM.googleapis.com/fcm/send/abc',
  ])('takes the push service endpoint %s', (endpoint) => expect(pushTargetOf(endpoint)).toBe('push-service'));

  it.each([
    'https://example.com/push',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://user@fcm.googleapis.com/fcm/send/abc',
    'https://notify.windows.com/w/',
    'https://evilnotify.windows.com.example/w/',
    'https://fcm.googleapis.com.example.com/x',
    'https://10.0.0.1/x',
    'not a url',
  ])('refuses %s', (endpoint) => expect(pushTargetOf(endpoint)).toBeUndefined());
});
