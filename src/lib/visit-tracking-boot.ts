import { TRACKING_MAX_LENGTH, VISIT_TRACKING_KEY } from './visit-tracking'

// Runs inline at the end of every page's body, before the app's script (which loads only after the
// first paint, decision 011) and even if it never loads. When the visit lands from an ad click
// (`?platform=google&keyword=vet`), it keeps the values in sessionStorage for the visit; then it
// fills the hidden tracking fields of the page's lead forms, so a native post sent before
// hydration carries them too (decision 012). The same rules as visitTracking() in visit-tracking.ts.
//
// A plain string, not a function's source: the server and the client must render the same text,
// whose hash the Content-Security-Policy allows (scripts/security-headers.mjs).
export const visitTrackingBoot = [
  '(function(d){var k=' + JSON.stringify(VISIT_TRACKING_KEY) + ',q=new URLSearchParams(location.search),t=null;',
  `function c(v){v=typeof v==='string'?v.trim():'';return v.length>${TRACKING_MAX_LENGTH}?'':v}`,
  "var p=c(q.get('platform')),w=c(q.get('keyword'));",
  'if(p||w)t={platform:p,keyword:w};',
  'try{if(t)sessionStorage.setItem(k,JSON.stringify(t));else t=JSON.parse(sessionStorage.getItem(k)||"null")}catch(e){}',
  "if(!t||typeof t!=='object')return;",
  "['platform','keyword'].forEach(function(n){var v=c(t[n]);",
  'd.querySelectorAll(\'form input[type="hidden"][name="\'+n+\'"]\').forEach(function(i){i.value=v})})',
  '})(document)',
].join('')
