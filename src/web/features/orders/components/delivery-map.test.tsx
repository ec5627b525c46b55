import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/web/app/router';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, aUser, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';
import { SchematicMap } from './delivery-map';
import type { Point } from './geo';
import { chooseGeorgetown } from '../orders.fixture';

// MapLibre draws with WebGL, which jsdom lacks: it is replaced at its boundary by a recorder.
const maplibre = vi.hoisted(() => {
  const maps: { options: Record<string, unknown>; removed: boolean }[] = [];
  const markers: { options: Record<string, unknown>; positions: [number, number][]; removed: boolean }[] = [];
  class Map {
    record: (typeof maps)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, removed: false };
      maps.push(this.record);
    }
    remove() {
      this.record.removed = true;
    }
  }
  class Marker {
    record: (typeof markers)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, positions: [], removed: false };
      markers.push(this.record);
    }
    setLngLat(position: [number, number]) {
      this.record.positions.push(position);
      return this;
    }
    setPopup() {
      return this;
    }
    addTo() {
      return this;
    }
    remove() {
      this.record.removed = true;
    }
  }
  class Popup {
    setText() {
      return this;
    }
  }
  return { maps, markers, module: { Map, Marker, Popup } };
});
vi.mock('maplibre-gl', () => maplibre.module);

/** The schematic map of a delivery to the customer at 30.7, -97.68, from `store`, the driver at `driver`. */
const drawSchematic = (store: Point, driver: Point) =>
  render(<SchematicMap from={store} to={{ latitude: 30.7, longitude: -97.68 }} driver={driver} sourceName="Georgetown" milesLeft="5.6 mi" description="map" />);

let api: FakeApi;
let customer: FakeUser;

describe('the delivery map', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseGeorgetown();
    maplibre.maps.length = 0;
    maplibre.markers.length = 0;
    api = createFakeApi();
    customer = aUser('customer');
  });

  it('draws a real map with MapLibre when the server names a tile style, and moves the driver on it', async () => {
    api.data.mapStyleUrl = 'https://tiles.example.test/styles/streets.json';
    const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
    orderFakes(api).moveDriver(order.id, { latitude: 30.6, longitude: -97.68 });
    renderApp(routes, { api, path: '/track-order', user: customer });

    const card = await screen.findByRole('region', { name: order.orderNumber });
    expect(await within(card).findByRole('region', { name: 'Delivery map' })).toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: /The driver is on the way/ })).not.toBeInTheDocument();
    expect(within(card).getByText(/^The driver is on the way from Georgetown, [\d.]+ mi away; arriving by /)).toBeInTheDocument();
    await waitFor(() => expect(maplibre.maps).toHaveLength(1));
    expect(maplibre.maps[0]!.options).toMatchObject({
      style: 'https://tiles.example.test/styles/streets.json',
      bounds: [
        [-97.6779, 30.6333],
        [-97.6789, 30.5083],
      ],
    });
    // The store, the customer, and the driver.
    await waitFor(() => expect(maplibre.markers).toHaveLength(3));
    const driver = maplibre.markers[2]!;
    expect(driver.positions.at(-1)).toEqual([-97.68, 30.6]);

    await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
    orderFakes(api).moveDriver(order.id, { latitude: 30.52, longitude: -97.679 });
    await waitFor(() => expect(driver.positions.at(-1)).toEqual([-97.679, 30.52]));
    expect(maplibre.maps).toHaveLength(1);
  });

  it('shows the store and the customer on the real map, and says the driver’s location is not available, until a position arrives', async () => {
    api.data.mapStyleUrl = 'https://tiles.example.test/styles/streets.json';
    const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
    renderApp(routes, { api, path: '/track-order', user: customer });

    const card = await screen.findByRole('region', { name: order.orderNumber });
    expect(await within(card).findByRole('region', { name: 'Delivery map' })).toBeInTheDocument();
    expect(within(card).getByText('The driver’s location isn’t available right now. The map will show it as soon as it is.')).toBeInTheDocument();
    await waitFor(() => expect(maplibre.markers).toHaveLength(2));

    await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
    orderFakes(api).moveDriver(order.id, { latitude: 30.52, longitude: -97.679 });
    await waitFor(() => expect(maplibre.markers).toHaveLength(3));
    expect(maplibre.markers[2]!.positions.at(-1)).toEqual([-97.679, 30.52]);
    expect(within(card).queryByText(/^The driver’s location isn’t available/)).not.toBeInTheDocument();
  });

  it('draws the schematic map, with no MapLibre, when no tile style is configured', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
    renderApp(routes, { api, path: '/track-order', user: customer });
    const card = await screen.findByRole('region', { name: order.orderNumber });
    const map = await within(card).findByRole('img', { name: /^The driver is on the way from Georgetown; arriving by / });
    expect(within(map).getByText('Georgetown')).toBeInTheDocument();
    expect(within(map).getByText('You')).toBeInTheDocument();
    expect(map.querySelector('[data-testid="map-driver"]')).toBeNull();
    expect(within(card).getByText('The driver’s location isn’t available right now. The map will show it as soon as it is.')).toBeInTheDocument();
    expect(maplibre.maps).toHaveLength(0);
  });

  it('puts each name on the side its route does not take, so no line runs through a name', () => {
    // The customer is north of both the store and the driver: every line from them heads down the picture.
    drawSchematic({ latitude: 30.6, longitude: -97.7 }, { latitude: 30.62, longitude: -97.66 });
    const baselineBelowMark = (testId: string) => {
      const group = screen.getByTestId(testId);
      const text = group.querySelector('text')!;
      const mark = group.querySelector('circle, rect')!;
      const markY = mark.tagName === 'rect' ? Number(mark.getAttribute('y')) + Number(mark.getAttribute('height')) / 2 : Number(mark.getAttribute('cy') ?? 0);
      return Number(text.getAttribute('y')) - markY;
    };
    // Above the customer, below the store and the driver, whose lines climb to the customer.
    expect(baselineBelowMark('map-destination')).toBeLessThan(0);
    expect(baselineBelowMark('map-source')).toBeGreaterThan(0);
    expect(baselineBelowMark('map-driver')).toBeGreaterThan(0);
  });

  it('names a store beside the customer on its far side, clear of the customer’s name', () => {
    drawSchematic({ latitude: 30.7, longitude: -97.75 }, { latitude: 30.6, longitude: -97.68 });
    const source = screen.getByTestId('map-source');
    const name = source.querySelector('text')!;
    const mark = source.querySelector('rect')!;
    expect(name.getAttribute('text-anchor')).toBe('end');
    expect(Number(name.getAttribute('x'))).toBeLessThan(Number(mark.getAttribute('x')));
  });

  it('keeps a long store name whole inside the picture when the store is at its far left', () => {
    // A kitchen south-west of the customer, the driver between them: the store's mark sits at the left edge.
    const name = 'San Gabriel Tex-Mex Kitchen';
    render(<SchematicMap from={{ latitude: 30.6, longitude: -97.8 }} to={{ latitude: 30.66, longitude: -97.6 }} driver={{ latitude: 30.65, longitude: -97.7 }} sourceName={name} milesLeft="5.6 mi" description="map" />);
    const [, , viewWidth] = viewBox();
    const label = screen.getByTestId('map-source').querySelector('text')!;
    expect(label).toHaveTextContent(name);
    // A generous estimate of the name's width: 12-unit glyphs average well under 0.62 of their size.
    const width = name.length * 12 * 0.62;
    const x = Number(label.getAttribute('x'));
    const left = { start: x, middle: x - width / 2, end: x - width }[label.getAttribute('text-anchor') as 'start' | 'middle' | 'end'];
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + width).toBeLessThanOrEqual(viewWidth);
  });

  it('is only as tall as the route needs when the store and the customer are almost level', () => {
    drawSchematic({ latitude: 30.701, longitude: -97.8 }, { latitude: 30.7005, longitude: -97.74 });
    const [, , width, height] = viewBox();
    expect(height).toBeLessThanOrEqual(width / 2);
  });

  it('draws at the size it is shown, so its names keep a reading size at any width', () => {
    const observed = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private report: ResizeObserverCallback) {}
        observe(element: Element) {
          observed(element);
          this.report([{ contentRect: { width: 720 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    try {
      drawSchematic({ latitude: 30.6, longitude: -97.7 }, { latitude: 30.62, longitude: -97.66 });
      expect(observed).toHaveBeenCalled();
      const [, , width, height] = viewBox();
      expect(width).toBe(720);
      expect(height).toBeLessThanOrEqual(320);
      for (const label of screen.getByRole('img').querySelectorAll('text')) expect(label).toHaveAttribute('font-size', '12');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** The schematic's viewBox: x, y, width and height. */
function viewBox(): [number, number, number, number] {
  return screen.getByRole('img').getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
}
