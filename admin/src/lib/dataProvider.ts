import simpleRestProvider from 'ra-data-simple-rest';
import { DataProvider, fetchUtils, RaRecord } from 'react-admin';
import { AdminDestination, AdminResource, BULK_DELETE_KEYS } from '@shared/api/admin';
import type { AdminDashboard } from '@shared/api/admin-dashboard';
import { accessToken } from '../auth/tokens';
import { destinationFormData, withImageInputs } from '../common/destinationForm';
import { writableFields } from '../common/writableFields';

export const API = '/api/admin';

/** Adds the bearer token (refreshed when about to expire) to every back-office call. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = await accessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

/** The back-office shows packs at /travel-packs; the API calls them packs. */
const apiResource = (resource: string): AdminResource =>
  (resource === 'travel-packs' ? 'packs' : resource) as AdminResource;

const rest = simpleRestProvider(API, httpClient);

const addImageInputs = <T extends RaRecord>(resource: string, record: T): T =>
  resource === 'destinations' ? (withImageInputs(record as unknown as AdminDestination) as unknown as T) : record;

export const dataProvider: DataProvider = {
  getList: async (resource, params) => {
    // 'none' stands for "no agent" in URLs (react-admin drops null filter values).
    const filter = params.filter?.agent_id === 'none' ? { ...params.filter, agent_id: null } : params.filter;
    return rest.getList(apiResource(resource), { ...params, filter });
  },
  getOne: async (resource, params) => {
    const result = await rest.getOne(apiResource(resource), params);
    return { data: addImageInputs(resource, result.data) };
  },
  getMany: (resource, params) => rest.getMany(apiResource(resource), params),
  getManyReference: (resource, params) => rest.getManyReference(apiResource(resource), params),
  create: async (resource, params) => {
    const name = apiResource(resource);
    if (name === 'destinations') {
      const { json } = await httpClient(`${API}/destinations`, {
        method: 'POST',
        body: destinationFormData(params.data, false),
      });
      return { data: withImageInputs(json) as never };
    }
    return rest.create(name, { ...params, data: writableFields(name, 'create', params.data) });
  },
  update: async (resource, params) => {
    const name = apiResource(resource);
    if (name === 'destinations') {
      const { json } = await httpClient(`${API}/destinations/${params.id}`, {
        method: 'PUT',
        body: destinationFormData(params.data, true),
      });
      return { data: withImageInputs(json) as never };
    }
    // The API refuses fields it does not accept; react-admin sends the whole record.
    return rest.update(name, { ...params, data: writableFields(name, 'update', params.data) });
  },
  updateMany: (resource, params) => rest.updateMany(apiResource(resource), params),
  delete: (resource, params) => rest.delete(apiResource(resource), params),
  // One all-or-nothing call instead of one DELETE per id.
  deleteMany: async (resource, params) => {
    const name = apiResource(resource);
    await httpClient(`${API}/${name}/bulk-delete`, {
      method: 'POST',
      body: JSON.stringify({ [BULK_DELETE_KEYS[name]]: params.ids }),
    });
    return { data: params.ids };
  },
  getDashboard: async (): Promise<AdminDashboard> => (await httpClient(`${API}/dashboard`)).json,
  bulkUpdateLeads: async (body: { ids: number[]; agent_id?: number | null; status?: string }) =>
    (await httpClient(`${API}/leads/bulk-update`, { method: 'POST', body: JSON.stringify(body) })).json,
  mergeLead: async (id: number, into: number) =>
    (await httpClient(`${API}/leads/${id}/merge`, { method: 'POST', body: JSON.stringify({ into }) })).json,
  relateLead: async (id: number, otherId: number) =>
    (await httpClient(`${API}/leads/${id}/related`, { method: 'POST', body: JSON.stringify({ other_id: otherId }) }))
      .json,
  createLeadAccount: async (id: number) =>
    (await httpClient(`${API}/leads/${id}/create-account`, { method: 'POST', body: '{}' })).json,
  addThingToDo: async (destinationId: number, data: { title: string; description: string }) =>
    (
      await httpClient(`${API}/destinations/${destinationId}/things-to-do`, {
        method: 'POST',
        body: JSON.stringify(data),
      })
    ).json,
  erasePerson: async (email: string) =>
    (await httpClient(`${API}/privacy/erase`, { method: 'POST', body: JSON.stringify({ email }) })).json,
  deleteThingToDo: async (destinationId: number, thingId: number) =>
    (await httpClient(`${API}/destinations/${destinationId}/things-to-do/${thingId}`, { method: 'DELETE' })).json,
};
