import { useQuery } from '@tanstack/react-query';
import { LocateOff } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { OrderSource } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { milesBetween } from '@/shared/delivery';
import { coordinatesOf, POSITION_CURRENT_MS } from '@/shared/locations';
import { authConfigQuery } from '@/web/lib/session';
import { formatTime } from '@/web/lib/format-time';
import { useNow } from '@/web/lib/use-now';
import type { LivePosition } from '../hooks/use-order-tracking';
import { formatMiles, type Point } from './geo';

// MapLibre is large: it loads only when a tile source is configured and a map is shown.
const TileMap = lazy(() => import('./tile-map').then((module) => ({ default: module.TileMap })));

export interface DeliveryMapProps {
  source: OrderSource;
  destination: { latitude: number | null; longitude: number | null };
  /** The driver's last position; null when there is none, undefined until the tracking has told. */
  position: LivePosition | null | undefined;
  estimatedAt: string;
}

/**
 * Where the driver is between the store and the customer: a real map with MapLibre when the server
 * names a tile style, otherwise a schematic drawn here, which needs no network. Without a current
 * position the map shows the store and the customer, and says the driver's location is not available
 * (or when it was last seen) until a position arrives.
 */
export function DeliveryMap(props: DeliveryMapProps) {
  const config = useQuery(authConfigQuery);
  // Ticks, so a position that stops coming is said to be old without waiting for another event.
  const now = useNow(10_000);
  const from = coordinatesOf(props.source);
  const to = coordinatesOf(props.destination);
  if (!from || !to) return <p className="text-sm text-muted-foreground">{orderCopy.map.unavailable}</p>;
  const { position } = props;
  const current = position && now - position.localAt <= POSITION_CURRENT_MS ? position : null;
  const driver = current ? { latitude: current.latitude, longitude: current.longitude } : null;
  const milesLeft = driver ? formatMiles(milesBetween(driver, to)) : null;
  const description = orderCopy.map.description(props.source.name, milesLeft, formatTime(props.estimatedAt, props.source.timeZone));
  const schematic = <SchematicMap from={from} to={to} driver={driver} sourceName={props.source.name} milesLeft={milesLeft} description={description} />;
  const styleUrl = config.data?.mapStyleUrl;
  return (
    <div className="grid gap-2">
      {styleUrl ? (
        <Suspense fallback={schematic}>
          <TileMap styleUrl={styleUrl} from={from} to={to} driver={driver} sourceName={props.source.name} description={description} />
        </Suspense>
      ) : (
        schematic
      )}
      {position === undefined || current ? null : (
        <p role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <LocateOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          {position ? orderCopy.map.lastSeen(formatTime(position.at, props.source.timeZone)) : orderCopy.map.noPosition}
        </p>
      )}
    </div>
  );
}

/** The picture's width before it is measured (and where it cannot be), in its units. */
const DEFAULT_WIDTH = 320;
/** Its height stays between these, and within three quarters of its width: no tall band for a route across. */
const MIN_HEIGHT = 140;
const MAX_HEIGHT = 320;
const PADDING = 36;
/** The names' font size and their distance from their mark, in the picture's units (pixels: see useWidth). */
const LABEL_SIZE = 12;
const LABEL_GAP = 5;
/** How far a name keeps from the picture's edges. */
const LABEL_MARGIN = 4;

/**
 * The element's width in pixels, followed as it changes. The picture takes it as its own width in units, so
 * one unit is one pixel at any width: names keep their size on a phone and on a desktop alike.
 */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => measure(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** The three points scaled to fit the picture, north up, with the route and the distance left. */
export function SchematicMap({ from, to, driver, sourceName, milesLeft, description }: { from: Point; to: Point; driver: Point | null; sourceName: string; milesLeft: string | null; description: string }) {
  const [figureRef, width] = useWidth<HTMLElement>();
  const points = [from, to, ...(driver ? [driver] : [])];
  // Longitude degrees shrink with latitude: scale them so the picture keeps its proportions.
  const squeeze = Math.cos((((from.latitude + to.latitude) / 2) * Math.PI) / 180);
  const xs = points.map((point) => point.longitude * squeeze);
  const ys = points.map((point) => point.latitude);
  const spanX = Math.max(...xs) - Math.min(...xs) || 1e-6;
  const spanY = Math.max(...ys) - Math.min(...ys) || 1e-6;
  // As tall as the route needs, within bounds: a route across the picture gets a short one.
  const tallest = Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, Math.round(width * 0.75)));
  const scale = Math.min((width - 2 * PADDING) / spanX, (tallest - 2 * PADDING) / spanY);
  const height = Math.max(MIN_HEIGHT, Math.round(spanY * scale + 2 * PADDING));
  const box = { width, height };
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const project = (point: Point) => ({
    x: Math.round((offsetX + (point.longitude * squeeze - Math.min(...xs)) * scale) * 10) / 10,
    y: Math.round((offsetY + (Math.max(...ys) - point.latitude) * scale) * 10) / 10,
  });
  const start = project(from);
  const end = project(to);
  const car = driver ? project(driver) : null;
  const sourceLabel = placeLabel(box, start, [end], sourceName, 7, 'above');
  const youLabel = placeLabel(box, end, car ? [start, car] : [start], orderCopy.map.you, 8, 'below');
  const driverLabel = car ? placeLabel(box, car, [end], orderCopy.map.driver, 9, 'above') : null;

  return (
    <figure ref={figureRef} className="grid gap-2">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={description} className="w-full rounded-lg border bg-emerald-50/60 dark:bg-emerald-950/20">
        <title>{orderCopy.map.label}</title>
        <line x1={start.x} y1={start.y} x2={end.x} y2={end.y} className="stroke-muted-foreground/50" strokeWidth={3} strokeDasharray="6 6" strokeLinecap="round" />
        {car ? <line x1={car.x} y1={car.y} x2={end.x} y2={end.y} className="stroke-primary" strokeWidth={3} strokeLinecap="round" /> : null}
        <g data-testid="map-source">
          <rect x={start.x - 7} y={start.y - 7} width={14} height={14} rx={3} className="fill-foreground" />
          <text x={sourceLabel.x} y={sourceLabel.y} textAnchor={sourceLabel.anchor} fontSize={LABEL_SIZE} className="fill-foreground font-medium">
            {sourceLabel.text}
          </text>
        </g>
        <g data-testid="map-destination">
          <circle cx={end.x} cy={end.y} r={8} className="fill-primary" />
          <text x={youLabel.x} y={youLabel.y} textAnchor={youLabel.anchor} fontSize={LABEL_SIZE} className="fill-foreground font-medium">
            {youLabel.text}
          </text>
        </g>
        {car && driverLabel ? (
          <g data-testid="map-driver" transform={`translate(${car.x} ${car.y})`}>
            <circle r={9} className="fill-amber-400 stroke-background" strokeWidth={3} />
            <text x={driverLabel.x - car.x} y={driverLabel.y - car.y} textAnchor={driverLabel.anchor} fontSize={LABEL_SIZE} className="fill-foreground font-semibold">
              {driverLabel.text}
            </text>
          </g>
        ) : null}
      </svg>
      {milesLeft ? <figcaption className="text-sm text-muted-foreground">{orderCopy.map.milesLeft(milesLeft)}</figcaption> : null}
    </figure>
  );
}

/** A name's width in the picture's units, by a generous average of the glyphs' widths. */
function labelWidth(text: string): number {
  return text.length * LABEL_SIZE * 0.62;
}

type Projected = { x: number; y: number };
type LabelPlacement = { x: number; y: number; anchor: 'start' | 'middle' | 'end'; text: string };

const SIDES = [
  { name: 'above', dx: 0, dy: -1 },
  { name: 'below', dx: 0, dy: 1 },
  { name: 'left', dx: -1, dy: 0 },
  { name: 'right', dx: 1, dy: 0 },
] as const;

/**
 * Where a point's name goes: on the side its lines do not take, so no route runs through a name
 * (and a store beside the customer keeps its name clear of theirs), within the picture. `reach` is how
 * far the mark spreads from its centre; `usual` is the side taken when the lines leave the choice open.
 * A name centred on a mark near an edge slides inwards to stay whole; one wider than the picture is cut
 * short (the map's description names the place in full).
 */
function placeLabel(box: { width: number; height: number }, point: Projected, linkedTo: Projected[], name: string, reach: number, usual: 'above' | 'below'): LabelPlacement {
  // Where the point's lines head, each counted by its direction only.
  const heading = linkedTo.reduce(
    (sum, other) => {
      const length = Math.hypot(other.x - point.x, other.y - point.y);
      return length === 0 ? sum : { x: sum.x + (other.x - point.x) / length, y: sum.y + (other.y - point.y) / length };
    },
    { x: 0, y: 0 },
  );
  const room = box.width - 2 * LABEL_MARGIN;
  const text = labelWidth(name) <= room ? name : `${name.slice(0, Math.max(1, Math.floor(room / (LABEL_SIZE * 0.62)) - 1)).trimEnd()}…`;
  const away = reach + LABEL_GAP;
  const width = labelWidth(text);
  const fits = {
    above: point.y - away - LABEL_SIZE >= 0,
    below: point.y + away + LABEL_SIZE <= box.height,
    left: point.x - away - width >= LABEL_MARGIN,
    right: point.x + away + width <= box.width - LABEL_MARGIN,
  };
  // Centred names read best: a side one is taken unless the lines point that way.
  const score = (side: (typeof SIDES)[number]) => side.dx * heading.x + side.dy * heading.y + (side.name === usual ? -0.3 : 0) + (side.dx !== 0 ? 0.1 : 0);
  const side = SIDES.filter((each) => fits[each.name]).sort((a, b) => score(a) - score(b))[0] ?? SIDES.find((each) => each.name === usual)!;
  if (side.dx === 0) {
    const x = Math.min(Math.max(point.x, LABEL_MARGIN + width / 2), box.width - LABEL_MARGIN - width / 2);
    return { x: Math.round(x * 10) / 10, y: side.dy < 0 ? point.y - away : point.y + away + LABEL_SIZE, anchor: 'middle', text };
  }
  return { x: point.x + side.dx * away, y: point.y + LABEL_SIZE / 3, anchor: side.dx < 0 ? 'end' : 'start', text };
}
