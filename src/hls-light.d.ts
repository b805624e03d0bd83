// hls.js ships no types for its light build (the same API without subtitles, alternate audio,
// DRM and CMCD, none of which a Kirari live uses): they are the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js'
  export { default } from 'hls.js'
}
