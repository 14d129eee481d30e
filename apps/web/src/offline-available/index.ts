/**
 * 'Make available offline' (issue 23): the editors' data kept on the device for reading without a network.
 * docs/decisions.md, "Available offline (issue 23)".
 */
export { MakeAvailableOffline } from './MakeAvailableOffline';
export { AVAILABLE_TEXT } from './texts';
