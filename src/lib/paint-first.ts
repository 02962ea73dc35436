// The production page loads its script only after its first paint. The prerendered HTML and CSS
// are the page a visitor sees and can use (links, native form posts, what is typed is kept), so
// the script does not compete with them for a slow phone's bandwidth and CPU; it starts when the
// browser reports the first contentful paint (a `paint` performance entry, timed when the frame
// reaches the screen; where that is not supported, the second animation frame). The build lists
// the page's modules in <meta name="app-modules"> (scripts/preload-links.mjs); they are preloaded
// together so the entry's imports do not cascade. A hidden page (background tab, prerender) has no
// frames, so it loads at once, and a backstop starts the load if no paint comes within 3 s.
//
// A plain string, not a function's source: the server and the client must render the same text,
// whose hash the Content-Security-Policy allows (scripts/security-headers.mjs).
export const paintFirstBoot = (entry: string) =>
  [
    '(function(d){var started=false;',
    'function go(){if(started)return;started=true;',
    'var list=d.querySelector(\'meta[name="app-modules"]\');',
    'var f=d.createDocumentFragment();',
    "(list?list.content.split(' '):[]).forEach(function(href){if(!href)return;var l=d.createElement('link');l.rel='modulepreload';l.href=href;f.appendChild(l)});",
    `var s=d.createElement('script');s.type='module';s.src=${JSON.stringify(entry)};f.appendChild(s);d.head.appendChild(f)}`,
    "function afterPaint(){if(d.visibilityState==='hidden')return go();",
    "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)",
    "new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});",
    'else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go)})})}',
    "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',afterPaint);else afterPaint();",
    'setTimeout(go,3000)})(document)',
  ].join('')
