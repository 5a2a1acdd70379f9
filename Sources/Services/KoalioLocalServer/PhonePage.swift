import KoalioCore
import KoalioText

/// The page a phone opens: koalio's on-screen controls under the player's thumbs, in one
/// self-contained file (no external requests; at most 20 KB, a test holds it to that), served
/// at `/` from the binary itself.
///
/// It speaks ``PhoneFrame`` over a WebSocket at `/pad?token=…` (the token from the address's
/// fragment, which a browser never sends) or `/pad?code=…` (the typed 6-digit code), plus
/// `&resume=…` after a reload, to take its seat back. Pointer Events with pointer capture (Chromium
/// and WebKit alike); the whole pad state at 30 Hz while touched, 4 Hz when idle; everything let
/// go when the page is hidden.
///
/// It takes no for an answer: a socket that never opened asks `/pad/why` for the refusal and, unless
/// it was none (the network) or `busy`, stops and shows the code form with the reason (a stale
/// resume token is dropped and the link's token tried once alone; a refused token is not used again
/// until the address's fragment changes). Only lost connections and `none`/`busy` are retried, after
/// 1, 2, 4, 8, 16, then 30 s, and never while hidden; a new `#token` or the Join button starts over.
public enum PhonePage {
    /// The page with every language's words for it (`T`, by gettext code): the page picks the
    /// phone's own language (`navigator.languages`: exact, then by language alone; else English).
    public static func html(words: [Words] = [.english]) -> String {
        template.replacingFirst("__WORDS__", with: wordsJSON(words))
    }

    /// `{"en":{"phoneJoin":"Join",…},"de":{…}}`, safe inside a `<script>` (no `<`, `>`, `&` or line
    /// separator appears raw).
    static func wordsJSON(_ languages: [Words]) -> String {
        let messages = Message.allCases.filter { $0.entry.place == .phone }
        var all = languages
        if !all.contains(where: { $0.language == .english }) { all.insert(.english, at: 0) }
        let objects = all.map { words in
            quoted(words.language.rawValue) + ":{"
                + messages.map { quoted($0.name) + ":" + quoted(words.render(.message($0, [.verbatim("%d")]))) }.joined(separator: ",") + "}"
        }
        return "{" + objects.joined(separator: ",") + "}"
    }

    static func quoted(_ string: String) -> String { JSONText.quoted(string, inScript: true) }

    static let template = #"""
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no,viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>koalio pad</title>
<style>
html,body{margin:0;height:100%;overflow:hidden;background:#10202c;color:#eef;font:16px system-ui,sans-serif;
 touch-action:none;user-select:none;-webkit-user-select:none;-webkit-touch-callout:none;overscroll-behavior:none}
body{border:6px solid transparent;box-sizing:border-box}
body.buzz{border-color:#fff}
#stick{position:absolute;left:0;top:0;width:50%;height:100%}
#base,#knob{position:absolute;border-radius:50%;pointer-events:none;display:none}
#base{width:140px;height:140px;margin:-70px;background:rgba(255,255,255,.15);border:2px solid rgba(255,255,255,.4)}
#knob{width:64px;height:64px;margin:-32px;background:rgba(255,255,255,.6)}
.btn{position:absolute;width:96px;height:96px;border-radius:50%;border:3px solid rgba(255,255,255,.6);
 background:rgba(255,255,255,.12);color:#fff;font:bold 36px system-ui;display:flex;align-items:center;justify-content:center}
.btn.on{background:rgba(255,255,255,.5)}
#a{right:6%;bottom:12%}
#b{right:calc(6% + 120px);bottom:26%}
#pause{left:50%;top:8px;width:72px;height:40px;margin-left:-36px;border-radius:12px;font-size:18px}
#steer{position:absolute;left:25%;top:55%;width:150px;height:150px;margin:-75px;border-radius:50%;border:3px dashed rgba(255,255,255,.45);
 display:flex;align-items:center;justify-content:center;text-align:center;font-size:15px;color:rgba(238,238,255,.8);pointer-events:none;padding:8px;box-sizing:border-box}
#who{position:absolute;left:0;right:0;top:56px;text-align:center;font-weight:bold;font-size:22px;pointer-events:none}
#pair{position:absolute;inset:0;display:none;flex-direction:column;align-items:center;justify-content:center;background:#10202c;gap:12px}
#pair input{font:28px monospace;width:7em;text-align:center;letter-spacing:.2em}
#pair button{font:22px system-ui;padding:6px 24px}
#why{margin:0;max-width:90%;min-height:1.2em;text-align:center}
#turn{display:none}
@media (orientation:portrait){#turn{display:flex;position:absolute;inset:0;align-items:center;justify-content:center;
 background:#10202c;font-size:22px;text-align:center;padding:24px}}
</style></head><body>
<div id="stick"></div><div id="steer"></div><div id="base"></div><div id="knob"></div>
<div id="b" class="btn">B</div><div id="a" class="btn">A</div><div id="pause" class="btn">II</div>
<div id="who"></div>
<form id="pair"><p id="why"></p><label for="code" id="label"></label>
<input id="code" inputmode="numeric" autocomplete="off" maxlength="6" pattern="[0-9]{6}">
<button id="join" type="submit"></button></form>
<div id="turn"></div>
<script>
"use strict";
const $=id=>document.getElementById(id);
const R=60; // the stick's reach in CSS pixels
// The page's words in every language koalio speaks; the phone's own language is used.
const T=__WORDS__;
const lang=(()=>{for(const l of navigator.languages||[navigator.language||"en"]){const t=l.replace("-","_");if(T[t])return t;
 const b=t.split("_")[0];for(const k in T)if(k.split("_")[0]===b)return k}return "en"})();
function w(k,n){return (T[lang][k]||T.en[k]||k).replace(/%(1\$)?d/,n)}
document.documentElement.lang=lang.replace("_","-");if(lang==="ar")document.documentElement.dir="rtl";
$("who").textContent=w("phoneConnecting");$("label").textContent=w("phoneCodeLabel");$("join").textContent=w("phoneJoin");
$("turn").textContent=w("phoneTurn");$("steer").textContent=w("phoneSteerHere");
let sx=0,sy=0,held={a:false,b:false,pause:false},presses={a:0,b:0,pause:0};
let stickId=null,ox=0,oy=0,ws=null,last=0,touching=0;
// A refusal stops it until the player acts (a code, a new link); lost connections retry, backing off.
let stopped=false,wait=1000,timer=0,lockT=0,code="",token=location.hash.slice(1);
const key="koalio-resume-"+location.host;
const why={"wrong-code":"phoneWrongCode","no-card":"phoneNoCard","code-off":"phoneCodeOff","bad-token":"phoneBadToken",stale:"phoneStale"};
function frame(){
 const f=new Uint8Array(9),v=new DataView(f.buffer);
 f[0]=1;f[1]=(held.a?1:0)|(held.b?2:0)|(held.pause?4:0);
 v.setInt16(2,Math.round(sx*32767),true);v.setInt16(4,Math.round(sy*32767),true);
 f[6]=presses.a&255;f[7]=presses.b&255;f[8]=presses.pause&255;return f}
function send(){if(ws&&ws.readyState===1){ws.send(frame());last=performance.now()}}
setInterval(()=>{const now=performance.now();if(touching>0||now-last>=250)send()},33);
function press(name,down){const el=$(name);
 if(down&&!held[name])presses[name]++;held[name]=down;el.classList.toggle("on",down);send()}
for(const name of ["a","b","pause"]){const el=$(name);
 el.addEventListener("pointerdown",e=>{e.preventDefault();el.setPointerCapture(e.pointerId);touching++;press(name,true)});
 const up=e=>{if(!held[name])return;touching=Math.max(0,touching-1);press(name,false)};
 el.addEventListener("pointerup",up);el.addEventListener("pointercancel",up);el.addEventListener("lostpointercapture",up)}
const zone=$("stick"),base=$("base"),knob=$("knob");
function place(el,x,y){el.style.left=x+"px";el.style.top=y+"px";el.style.display="block"}
zone.addEventListener("pointerdown",e=>{if(stickId!==null)return;e.preventDefault();zone.setPointerCapture(e.pointerId);$("steer").style.display="none";
 stickId=e.pointerId;touching++;ox=e.clientX;oy=e.clientY;place(base,ox,oy);place(knob,ox,oy);sx=sy=0;send()});
zone.addEventListener("pointermove",e=>{if(e.pointerId!==stickId)return;let dx=e.clientX-ox,dy=e.clientY-oy;
 const d=Math.hypot(dx,dy);if(d>R){ // the base follows the thumb, as in the game's HUD
 ox+=dx*(1-R/d);oy+=dy*(1-R/d);dx=e.clientX-ox;dy=e.clientY-oy;place(base,ox,oy)}
 sx=Math.max(-1,Math.min(1,dx/R));sy=Math.max(-1,Math.min(1,dy/R));place(knob,e.clientX,e.clientY)});
function stickUp(e){if(e.pointerId!==stickId)return;stickId=null;touching=Math.max(0,touching-1);sx=sy=0;
 base.style.display=knob.style.display="none";send()}
zone.addEventListener("pointerup",stickUp);zone.addEventListener("pointercancel",stickUp);zone.addEventListener("lostpointercapture",stickUp);
function letGo(){for(const n of ["a","b","pause"]){held[n]=false;$(n).classList.remove("on")}
 sx=sy=0;stickId=null;touching=0;base.style.display=knob.style.display="none";send()}
document.addEventListener("visibilitychange",()=>{if(document.hidden)letGo();else if(!stopped&&(!ws||ws.readyState>1))connect()});
window.addEventListener("pagehide",letGo);
document.addEventListener("contextmenu",e=>e.preventDefault());
function buzz(ms){if(navigator.vibrate&&navigator.vibrate(ms))return;document.body.classList.add("buzz");
 setTimeout(()=>document.body.classList.remove("buzz"),Math.max(120,ms))}
function hex(b){return Array.from(b,x=>x.toString(16).padStart(2,"0")).join("")}
function show(t){stopped=true;clearTimeout(timer);clearInterval(lockT);$("join").disabled=false;
 $("why").textContent=t;$("pair").style.display="flex";$("who").textContent=""}
function retry(ms){code="";$("why").textContent=$("who").textContent=w("phoneDisconnected");clearTimeout(timer); // a code is typed, never resent
 timer=setTimeout(()=>{if(!stopped&&!document.hidden)connect()},Math.max(ms,wait));wait=Math.min(wait*2,30000)}
function refused(r,n,q){ // why the server would not let the last socket in
 if(r==="none"||r==="busy")return retry(n*1000);
 code="";
 if(r==="full"){stopped=true;$("pair").style.display="none";$("who").textContent=w("phoneFull");return}
 if(r==="stale"){localStorage.removeItem(key);if(token&&q.includes("resume="))return connect()} // once: no resume now
 if(r==="bad-token")token=""; // until the address's fragment changes
 show(w(why[r]||"phoneNotLetIn"));
 if(r==="locked"){$("join").disabled=true;const tick=()=>{if(n>0)$("why").textContent=w("phoneWait",n--);
  else{clearInterval(lockT);$("join").disabled=false;$("why").textContent=""}};tick();lockT=setInterval(tick,1000)}}
function connect(){clearTimeout(timer);
 const resume=localStorage.getItem(key);let q=code?"code="+code:token?"token="+token:"";
 if(resume)q+=(q&&"&")+"resume="+resume;
 if(!q)return show("");
 if(ws)ws.close();
 let open=false;const s=ws=new WebSocket("ws://"+location.host+"/pad?"+q);s.binaryType="arraybuffer";
 $("why").textContent=w("phoneConnecting");
 s.onopen=()=>{open=true;wait=1000;code="";$("pair").style.display="none";$("who").textContent=w("phoneConnected");send()};
 s.onmessage=m=>{const b=new Uint8Array(m.data);
  if(b[0]===1){const p=b[2],c="rgb("+b[3]+","+b[4]+","+b[5]+")";
   $("who").textContent=p?w("phonePlayer",p):w("phonePressToJoin",b[1]);$("who").style.color=p?c:"#eef";
   if(b.length>=22){localStorage.setItem(key,hex(b.subarray(6,22)));code=""}} // seated: retries resume, never retype
  else if(b[0]===2)buzz(b[1]|b[2]<<8);
  else if(b[0]===3){$("who").textContent=w("phoneFull");stopped=true}
  else if(b[0]===4&&b.length>=17){localStorage.setItem(key,hex(b.subarray(1,17)));code=""}};
 s.onclose=e=>{if(s!==ws||stopped)return;
  if(e.code===1008){localStorage.removeItem(key);show(w("phoneNotLetIn"))}
  else if(open)retry(0);
  else fetch("/pad/why",{cache:"no-store"}).then(r=>r.ok?r.text():"none").catch(()=>"none")
   .then(t=>{const[r,n]=t.trim().split(" ");if(s===ws&&!stopped)refused(r,+n||0,q)})}}
$("pair").addEventListener("submit",e=>{e.preventDefault();const c=$("code").value.trim();
 if(/^[0-9]{6}$/.test(c)&&!$("join").disabled){code=c;stopped=false;wait=1000;connect()}});
addEventListener("hashchange",()=>{token=location.hash.slice(1);code="";stopped=false;wait=1000;connect()});
connect();
</script></body></html>
"""#
}

extension String {
    /// The first `target` replaced (Foundation's `replacingOccurrences`, once, without Foundation).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
