import { assertPublicTarget, isPublicAddress } from '../../src/modules/integrations/webhook-target';

/** Production's rule for webhook targets: public addresses only, IPv4 and IPv6 alike. */
describe('webhook target addresses', () => {
  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    'accepts the public address %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback', '::1'],
    ['unspecified', '0.0.0.0'],
    ['unspecified', '::'],
    ['private', '10.0.0.1'],
    ['private', '172.16.5.4'],
    ['private', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['link-local', 'fe80::1'],
    ['CGNAT', '100.64.0.1'],
    ['CGNAT', '100.127.255.254'],
    ['documentation', '192.0.2.10'],
    ['multicast', '224.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped loopback, hex form', '::ffff:7f00:1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['IPv4-compatible', '::10.0.0.1'],
    ['IPv4-compatible public', '::8.8.8.8'],
    ['local-use NAT64', '64:ff9b:1::a00:1'],
    ['6to4', '2002:a00:1::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['site-local', 'fec0::1'],
    ['unique local', 'fd12:3456::1'],
    ['documentation', '2001:db8::1'],
    ['not an address', 'example.com'],
  ])('refuses %s: %s', (_kind, address) => expect(isPublicAddress(address)).toBe(false));

  const production = { publicHttpsOnly: true };

  it('lets production save endpoints on public IPv4 and IPv6 hosts', async () => {
    await expect(assertPublicTarget(new URL('https://8.8.8.8/hooks'), production)).resolves.toBeUndefined();
    await expect(assertPublicTarget(new URL('https://1.1.1.1/hooks'), production)).resolves.toBeUndefined();
    await expect(assertPublicTarget(new URL('https://[2606:4700::1111]/hooks'), production)).resolves.toBeUndefined();
  });

  it('refuses production endpoints on private hosts, however the address is written', async () => {
    for (const url of [
      'https://10.0.0.1/',
      'https://[::ffff:10.0.0.1]/',
      'https://[::ffff:a00:1]/',
      'https://100.64.0.1/',
      'https://[2002:a00:1::1]/',
    ])
      await expect(assertPublicTarget(new URL(url), production)).rejects.toThrow('webhooks go to public addresses only');
  });
});
