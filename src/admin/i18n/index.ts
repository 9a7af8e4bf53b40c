// Admin translations; widgets added by later work register their keys here.
export default {
  en: {
    translation: {},
  },
}
