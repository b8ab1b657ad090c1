import type { CityItem, CitySearchResponse, SkyResponse } from '@polymath/shared';
import { baseApi } from '../../../lib/api/base-api.ts';

/** /api/horoscope: the sky now (for the person's zone) and the bundled birth places. */
export const horoscopeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSkyNow: build.query<SkyResponse, string | undefined>({
      query: (timeZone) => ({ url: '/horoscope/sky', params: timeZone ? { timeZone } : undefined }),
      // The server computes it per minute; a page kept open refreshes it now and then.
      keepUnusedDataFor: 60,
    }),
    searchCities: build.query<CitySearchResponse, string>({
      query: (q) => ({ url: '/horoscope/cities', params: { q } }),
      keepUnusedDataFor: 300,
    }),
    getCity: build.query<CityItem, string>({
      query: (id) => `/horoscope/cities/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetSkyNowQuery, useSearchCitiesQuery, useGetCityQuery } = horoscopeApi;
