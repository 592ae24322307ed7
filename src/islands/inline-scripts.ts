/**
 * The only scripts in a prerendered page's HTML. Each is a few hundred bytes, runs without fetching
 * anything, and is the same text on every page, so the server's CSP lists it by one hash
 * (scripts/lib/csp-hashes.ts hashes them from the built pages). Page-specific values come from
 * data attributes, never from the script text.
 */

/** sessionStorage key: the visit has seen its splash. */
export const SPLASH_SEEN_KEY = 'site-splash-seen';

/**
 * In <head>, before the first paint: the splash belongs to the first page of a visit only. A later page
 * (and a page prerendered by the speculation rules, which runs this too) is marked so CSS skips the splash.
 */
export const splashScript = `try{var s=sessionStorage;if(s.getItem('${SPLASH_SEEN_KEY}'))document.documentElement.dataset.splash='seen';else s.setItem('${SPLASH_SEEN_KEY}','1')}catch(e){}`;

/**
 * At the end of <body>, on pages with islands. It fetches nothing itself: each island's directive
 * (data-hydrate) says when the runtime (data-src) is imported to hydrate that island. No island's script
 * starts before the page is shown: the load event, and on the first page of a visit the end of the splash
 * and the page's fade-in (data-after, in ms), so that no script competes with the page's first paint.
 * - load: as soon as the page is shown; idle: then, when the browser is idle; visible: then, when the
 *   island nears the viewport;
 * - interaction: the first pointer, touch, focus or key on the island (on the whole page with data-scope="document").
 * An island with data-session restores its saved state from sessionStorage into data-saved-* attributes
 * (CSS can show it at once) and hydrates now if it was left open. A click before the code arrives is
 * noted in data-pending-click for the island to act on when it hydrates. A form sent before React has taken
 * the island (data-hydrating) is held back, not sent natively (the visitor's input would go into the URL and
 * be lost): the island is marked data-pending-submit and hydrated now. An island with data-badge-after
 * is marked data-badge-due that many ms after the page started, until it hydrates (the chat's badge).
 */
export const bootstrapScript = [
  '(function(){',
  'var c=document.currentScript,src=c.dataset.src,rt,',
  "wait=document.documentElement.dataset.splash==='seen'?0:Number(c.dataset.after||0);",
  'function go(el){(rt=rt||import(src)).then(function(m){return m.hydrate(el)}).catch(function(e){console.error(e)})}',
  'function shown(f){var t=function(){setTimeout(f,Math.max(0,wait-performance.now()))};',
  "document.readyState==='complete'?t():addEventListener('load',t,{once:true})}",
  "var all=document.querySelectorAll('[data-hydrate]');",
  'for(var i=0;i<all.length;i++)(function(el){',
  'var how=el.dataset.hydrate,key=el.dataset.session,saved=null;',
  'if(key)try{saved=JSON.parse(sessionStorage.getItem(key)||"null")}catch(e){}',
  "if(saved)for(var k in saved)el.setAttribute('data-saved-'+k,String(saved[k]));",
  "if(el.dataset.badgeAfter)setTimeout(function(){if(!el.hasAttribute('data-hydrated'))el.setAttribute('data-badge-due','')},Number(el.dataset.badgeAfter)-performance.now());",
  "el.addEventListener('submit',function(e){if(!el.hasAttribute('data-hydrating')){e.preventDefault();el.setAttribute('data-pending-submit','');go(el)}},true);",
  'if(saved&&saved.open)return go(el);',
  "if(how==='load')return shown(function(){go(el)});",
  "if(how==='idle')return shown(function(){(window.requestIdleCallback||setTimeout)(function(){go(el)},{timeout:2000})});",
  "if(how==='visible')return shown(function(){var io=new IntersectionObserver(function(es){for(var j=0;j<es.length;j++)if(es[j].isIntersecting){io.disconnect();return go(el)}},{rootMargin:'200px'});",
  'io.observe(el.firstElementChild||el)});',
  "if(how==='interaction'){var ev=['pointerover','pointerdown','touchstart','focusin','keydown'],on=[el];",
  "if(el.dataset.scope==='document')on.push(document);",
  'var fire=function(){on.forEach(function(t){ev.forEach(function(n){t.removeEventListener(n,fire,true)})});go(el)};',
  'on.forEach(function(t){ev.forEach(function(n){t.addEventListener(n,fire,{capture:true,passive:true})})});',
  "el.addEventListener('click',function(){if(!el.hasAttribute('data-hydrated'))el.setAttribute('data-pending-click','')},true)}",
  '})(all[i])',
  '})()',
].join('');

/**
 * On a landing page: on to the redirect target after the delay, replacing the history entry. With ?preview
 * the page stays for staff, shows its notice and tells search engines not to index the preview.
 */
export const landingScript = [
  '(function(){',
  'var c=document.currentScript;',
  "if(new URLSearchParams(location.search).has('preview')){",
  "var n=document.querySelector('[data-landing-preview]');if(n)n.hidden=false;",
  "var m=document.createElement('meta');m.name='robots';m.content='noindex';document.head.appendChild(m);return}",
  'setTimeout(function(){location.replace(c.dataset.to)},Number(c.dataset.delay))',
  '})()',
].join('');

/** The 404 page: unknown paths send the visitor to the home page, replacing the history entry. */
export const notFoundScript = "location.replace(document.currentScript.dataset.to||'/')";
