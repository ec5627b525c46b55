import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetSignedOutTraces } from '@/web/lib/sign-out-cleanup';
import { registerSignOutCleanups } from './sign-out-cleanup';

describe('what a sign-out forgets', () => {
  let unregister = () => {};
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    unregister = registerSignOutCleanups();
  });
  afterEach(() => unregister());

  it("drops the signed-out customer's account shown offline, warehouse, the warehouse browsed from the position, last position, nearby-kitchen cache and chat message waiting to be sent, and nothing else", () => {
    localStorage.setItem('signedInAccount', JSON.stringify({ name: 'Casey Shopper', email: 'casey@example.test' }));
    localStorage.setItem('selectedWarehouse', JSON.stringify({ id: 'w', name: 'Jersey City', location: 'Jersey City, NJ' }));
    localStorage.setItem('selectedWarehouseSource', JSON.stringify('list'));
    localStorage.setItem('ck-last-coords', JSON.stringify({ lat: 40.72, lng: -74.04, ts: 1 }));
    localStorage.setItem('ck-cache:40.720,-74.040', '{}');
    localStorage.setItem('groc_cart', '[]');
    localStorage.setItem('theme', 'dark');
    const warehouse = { id: 'w', name: 'Jersey City', location: 'Jersey City, NJ' };
    sessionStorage.setItem('positionWarehouse', JSON.stringify({ customerId: 'c', warehouse }));
    sessionStorage.setItem('supportChatWaiting', JSON.stringify({ userId: 'c', content: 'Is my order late?', clientId: crypto.randomUUID() }));
    forgetSignedOutTraces();
    expect(Object.keys(localStorage).sort()).toEqual(['groc_cart', 'theme']);
    expect(sessionStorage.getItem('positionWarehouse')).toBeNull();
    expect(sessionStorage.getItem('supportChatWaiting')).toBeNull();
  });
});
