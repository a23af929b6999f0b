/** This client's version, sent on every request (`x-threadline-client`); a client works with a server of the same major version. */
export const CLIENT_VERSION = '1.1.0'
