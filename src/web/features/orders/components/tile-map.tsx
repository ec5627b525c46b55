import { Map as MapLibreMap, Marker, Popup } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { orderCopy } from '@/shared/copy';
import type { Point } from './geo';

/** The delivery on a real map (MapLibre GL with the server's tile style): store, customer and driver. */
export function TileMap({ styleUrl, from, to, driver, sourceName, description }: { styleUrl: string; from: Point; to: Point; driver: Point | null; sourceName: string; description: string }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const driverMarker = useRef<Marker | null>(null);
  // Plain numbers, so a new object with the same place does not rebuild the map.
  const { latitude: fromLat, longitude: fromLng } = from;
  const { latitude: toLat, longitude: toLng } = to;
  const driverLat = driver?.latitude ?? null;
  const driverLng = driver?.longitude ?? null;

  useEffect(() => {
    if (!container.current) return;
    const created = new MapLibreMap({
      container: container.current,
      style: styleUrl,
      bounds: [
        [fromLng, fromLat],
        [toLng, toLat],
      ],
      fitBoundsOptions: { padding: 48 },
      attributionControl: { compact: true },
    });
    new Marker({ color: '#18181b' }).setLngLat([fromLng, fromLat]).setPopup(new Popup().setText(sourceName)).addTo(created);
    new Marker({ color: '#16a34a' }).setLngLat([toLng, toLat]).setPopup(new Popup().setText(orderCopy.map.you)).addTo(created);
    map.current = created;
    return () => {
      driverMarker.current = null;
      map.current = null;
      created.remove();
    };
  }, [styleUrl, fromLat, fromLng, toLat, toLng, sourceName]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (driverLat === null || driverLng === null) {
      driverMarker.current?.remove();
      driverMarker.current = null;
      return;
    }
    driverMarker.current ??= new Marker({ color: '#f59e0b' }).setPopup(new Popup().setText(orderCopy.map.driver)).setLngLat([driverLng, driverLat]).addTo(current);
    driverMarker.current.setLngLat([driverLng, driverLat]);
  }, [driverLat, driverLng, styleUrl, fromLat, fromLng, toLat, toLng, sourceName]);

  return (
    <figure className="grid gap-2">
      <div ref={container} role="region" aria-label={orderCopy.map.label} className="h-64 w-full overflow-hidden rounded-lg border sm:h-80" />
      <figcaption className="text-sm text-muted-foreground">{description}</figcaption>
    </figure>
  );
}
