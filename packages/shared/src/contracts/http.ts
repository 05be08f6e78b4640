/** The HTTP methods of the endpoint tables (analysis and administration). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
