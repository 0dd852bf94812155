import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { StationRef, TrainOffer, TrainSearchResult } from '@portal/domain/rail';
import { getStation, type Station } from '@portal/reference-data/stations';
import type { RailTrain } from './rail-supplier';
import type { TrainSearch } from './search-trains';

/** A station as answers name it. */
export function presentStation(station: Station): StationRef {
  return {
    code: station.code,
    name: station.name,
    chineseName: station.chineseName,
    traditionalName: station.traditionalName,
  };
}

function stationRef(code: string): StationRef {
  const station = getStation(code);
  return station ? presentStation(station) : { code, name: code, chineseName: code, traditionalName: code };
}

/** A supplier's train as the API answers it (money as decimal strings). */
export function presentTrain(train: RailTrain): TrainOffer {
  const digits = minorDigits(train.currency);
  return {
    id: train.ref,
    trainNumber: train.trainNumber,
    trainType: train.trainType,
    departure: {
      station: stationRef(train.origin),
      time: train.departureLocal,
      timeZone: train.departureTimeZone,
    },
    arrival: {
      station: stationRef(train.destination),
      time: train.arrivalLocal,
      timeZone: train.arrivalTimeZone,
    },
    durationMinutes: train.durationMinutes,
    distanceKm: train.distanceKm,
    seats: train.seats.map((s) => ({
      seatClass: s.seatClass,
      price: { amount: fromMinor(s.priceMinor, digits), currency: train.currency },
      available: s.available,
    })),
  };
}

/** The answer of POST /shopping/v2/train/search. */
export function presentTrainSearch(search: TrainSearch): TrainSearchResult {
  return {
    origin: presentStation(search.origin),
    destination: presentStation(search.destination),
    date: search.date,
    trains: search.trains.map(presentTrain),
    suppliers: search.suppliers,
  };
}
