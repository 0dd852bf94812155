import type { SupplierProgress } from '@portal/domain/shopping';
import { allStations, getStation, type Station } from '@portal/reference-data/stations';
import { AppError, ValidationError } from '../../platform/errors';
import { BEIJING_TIME_ZONE, localDate } from '../../platform/time-zones';
import { supplierInList } from '../agencies/index';
import type { RailSupplierRegistry, RailTrain } from './rail-supplier';

/** What the train search needs: the rail suppliers, a clock and how long to wait for them. */
export interface RailDeps {
  registry: RailSupplierRegistry;
  now: () => Date;
  /** The longest the search waits for the suppliers, ms. */
  timeoutMs: number;
}

/** The suppliers' wait of a train search: they answer synchronously, within this bound. */
export const RAIL_SEARCH_TIMEOUT_MS = 10_000;

/** The zone of the rail network's calendar: a date is "past" once it has ended in Beijing time. */
const RAIL_CALENDAR_ZONE = BEIJING_TIME_ZONE;

export interface TrainSearch {
  origin: Station;
  destination: Station;
  date: string;
  trains: RailTrain[];
  suppliers: SupplierProgress[];
}

let stationsByCity: Map<string, Station[]> | undefined;

/** Every station of the station's city (12306 searches cities): 北京南 gives 北京, 北京西, 北京南 … */
export function stationsOfCity(station: Station): Station[] {
  if (!station.cityCode) return [station];
  if (!stationsByCity) {
    stationsByCity = new Map();
    for (const s of allStations()) {
      if (!s.cityCode) continue;
      const list = stationsByCity.get(s.cityCode) ?? [];
      list.push(s);
      stationsByCity.set(s.cityCode, list);
    }
  }
  return stationsByCity.get(station.cityCode) ?? [station];
}

function known(code: string, path: string): Station {
  const station = getStation(code);
  if (!station) {
    throw new ValidationError([{ code: 'custom', path: [path], message: 'Unknown station', input: code }]);
  }
  return station;
}

const isAbort = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * Searches the trains of a day between the cities of two stations, asking every rail supplier at
 * once and waiting at most `timeoutMs`. A supplier that fails or is late is reported and left out;
 * when none answers (or none is configured) the search fails with 503 SERVICE_UNAVAILABLE.
 */
export async function searchTrains(
  deps: RailDeps,
  request: { origin: string; destination: string; date: string },
  /** The rail suppliers the platform lets the agency's tree use; null: all. */
  allowed: string[] | null = null,
): Promise<TrainSearch> {
  const origin = known(request.origin, 'origin');
  const destination = known(request.destination, 'destination');
  const today = localDate(deps.now(), RAIL_CALENDAR_ZONE);
  if (request.date < today) {
    throw new ValidationError([
      { code: 'custom', path: ['date'], message: 'The date has passed', input: request.date },
    ]);
  }
  const configured = deps.registry.list();
  if (configured.length === 0) throw new AppError('SERVICE_UNAVAILABLE');
  // A rail supplier the platform does not let the agency use is never asked.
  const suppliers = configured.filter((s) => supplierInList(allowed, s.name));
  if (suppliers.length === 0) throw new AppError('SUPPLIER_NOT_ALLOWED');
  const query = {
    origins: stationsOfCity(origin).map((s) => s.code),
    destinations: stationsOfCity(destination).map((s) => s.code),
    date: request.date,
  };
  const signal = AbortSignal.timeout(deps.timeoutMs);
  const answers = await Promise.all(
    suppliers.map(async (supplier): Promise<{ progress: SupplierProgress; trains: RailTrain[] }> => {
      const started = performance.now();
      const elapsedMs = () => Math.round(performance.now() - started);
      try {
        const trains = await supplier.search(query, signal);
        return {
          progress: { name: supplier.name, status: 'done', count: trains.length, elapsedMs: elapsedMs() },
          trains,
        };
      } catch (error) {
        const status = isAbort(error) || signal.aborted ? 'timeout' : 'error';
        return { progress: { name: supplier.name, status, count: 0, elapsedMs: elapsedMs() }, trains: [] };
      }
    }),
  );
  const progress = answers.map((a) => a.progress);
  if (progress.every((p) => p.status !== 'done')) {
    throw new AppError('SERVICE_UNAVAILABLE', undefined, { suppliers: progress });
  }
  const trains = answers
    .flatMap((a) => a.trains)
    .sort(
      (a, b) => a.departureUtc.localeCompare(b.departureUtc) || a.trainNumber.localeCompare(b.trainNumber),
    );
  return { origin, destination, date: request.date, trains, suppliers: progress };
}
