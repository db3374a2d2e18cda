/** The recording could not be decoded (or was refused before ffmpeg ran): the check reads "not decoded". */
export class DecodeError extends Error {}
