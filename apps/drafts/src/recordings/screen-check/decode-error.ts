/** The recording could not be decoded (or was refused before ffmpeg ran): the check reads "not decoded". */
export class DecodeError extends Error {}

/**
 * The recording's video runs past the ten-minute limit: not a recording the check reads at all.
 * The recording is refused (it ends `failed` with this reason), never left for the poster to approve.
 */
export class TooLongError extends DecodeError {}
