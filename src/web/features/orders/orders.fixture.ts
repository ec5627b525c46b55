import { georgetownId } from '@/web/test/fake-data';

/** A warehouse already chosen, as on a return visit: the whole app renders without asking where the customer is. */
export function chooseGeorgetown() {
  localStorage.setItem('selectedWarehouse', JSON.stringify({ id: georgetownId, name: 'Georgetown', location: 'Georgetown, TX' }));
  localStorage.setItem('selectedWarehouseSource', JSON.stringify('list'));
}
