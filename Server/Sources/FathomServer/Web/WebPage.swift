import Fathom

/// The web page served at `/`: one HTML document with its style and script written here (no libraries,
/// no CDN). The visitor signs in with the account's API key, which stays in the tab's `sessionStorage`
/// and is sent as the API's own `Authorization: Bearer` header (a link may carry it as `#key=…`; the
/// page moves it to `sessionStorage` and drops it from the address). The page lists the account's scans
/// and jobs; for a scan (the newest, or the one clicked) it shows the quality timeline with its events and
/// warnings, the floor plan of the newest finished job over it (the `plan.svg` drawing and the rooms with
/// their areas from `plan.json`), the fused cloud in 3D (`PointCloudWebView`'s WebGL viewer fed by
/// `cloud-view.json`) and downloads.
///
/// Elements a browser test reads: `#plan img` gets `data-status="loaded"` once the drawing shows, the
/// canvas `#cloud3d` gets `data-status="drawn"` and `data-drawn-pixels` from the viewer, and `body`
/// gets `data-ready="scan"` when every part of the selected scan finished (or `data-error`).
public enum WebPage {
    /// The page.
    public static let html: String = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
        <title>Fathom</title><link rel="icon" href="data:,">
        <style>\(style)</style></head>
        <body data-ready="no">
        <header><h1>Fathom</h1><span id="account"></span><button id="signout" hidden>Sign out</button></header>
        <form id="signin" hidden><label>API key <input id="key" type="password" autocomplete="off" size="70"></label>
        <button type="submit">Sign in</button><p id="signin-error" class="error"></p></form>
        <main id="main" hidden>
        <p id="status" class="error"></p>
        <section><h2>Scans</h2><table id="scans"><thead><tr><th>scan</th><th>uploaded</th><th>frames</th><th>duration</th><th>walked</th><th>verdict</th></tr></thead><tbody></tbody></table></section>
        <section><h2>Jobs</h2><table id="jobs"><thead><tr><th>job</th><th>state</th><th>progress</th><th>scans</th><th>created</th></tr></thead><tbody></tbody></table></section>
        <section id="detail" hidden><h2 id="detail-title"></h2>
        <h3>Quality timeline</h3><div id="timeline"></div><ul id="events"></ul>
        <h3>Floor plan</h3><div id="plan"></div>
        <h3>Fused cloud</h3><figure class="cloud3d"><canvas id="cloud3d" width="960" height="560" data-status="loading"></canvas><figcaption>Drag to orbit, shift-drag to pan, wheel to zoom.</figcaption></figure>
        <h3>Downloads</h3><ul id="downloads"></ul>
        </section>
        </main>
        <script>
        \(PointCloudWebView.viewerFunction(named: "fathomCloudView"))
        \(script)
        </script>
        </body></html>
        """

    static let style = """
        body{font-family:system-ui,sans-serif;margin:0 2em 2em;color:#1b1f24}header{display:flex;gap:1em;align-items:baseline}
        table{border-collapse:collapse;margin-bottom:1em}td,th{padding:.25em .7em;border-bottom:1px solid #ddd;text-align:left}
        tbody tr{cursor:pointer}tbody tr:hover,tr.selected{background:#eef4fb}.error{color:#b00020}
        #plan img{max-width:100%;border:1px solid #ddd}canvas{max-width:100%;background:#10141a;cursor:grab}
        .ok{color:#1a7f37}.bad{color:#b00020}#events li{font-size:.9em}
        """

    static let script = #"""
        (function(){
        "use strict";
        var KEY="fathom.apiKey",key=null,body=document.body;
        function $(id){return document.getElementById(id);}
        function el(tag,text,cls){var e=document.createElement(tag);if(text!==undefined&&text!==null)e.textContent=String(text);if(cls)e.className=cls;return e;}
        function fail(where,err){var m=where+": "+(err&&err.message?err.message:err);$("status").textContent=m;body.dataset.error=m;}
        function api(path,options){
          options=options||{};options.headers=options.headers||{};options.headers.Authorization="Bearer "+key;
          return fetch(path,options).then(function(r){
            if(r.status===401){signOut("The API key was refused.");throw new Error("signed out");}
            if(!r.ok)return r.json().then(function(e){throw new Error(e.error?e.error.reason:r.status);},function(){throw new Error("HTTP "+r.status);});
            return r;});
        }
        function json(path){return api(path).then(function(r){return r.json();});}
        function signOut(message){sessionStorage.removeItem(KEY);key=null;$("main").hidden=true;$("signout").hidden=true;$("signin").hidden=false;$("signin-error").textContent=message||"";$("account").textContent="";}
        function fmt(x,d){return Number(x).toFixed(d);}
        function row(tbody,cells){var tr=document.createElement("tr");cells.forEach(function(c){tr.appendChild(el("td",c));});tbody.appendChild(tr);return tr;}
        var jobs=[];
        function load(){
          $("signin").hidden=true;$("main").hidden=false;$("signout").hidden=false;
          json("/v1/account").then(function(a){$("account").textContent="account "+a.id;}).catch(function(e){fail("account",e);});
          Promise.all([json("/v1/scans"),json("/v1/jobs")]).then(function(r){
            var scans=r[0].scans;jobs=r[1].jobs;
            var tb=$("jobs").tBodies[0];tb.textContent="";
            jobs.forEach(function(j){row(tb,[j.id,j.state,fmt(100*j.progress,0)+" %",j.scans.join(", "),j.createdAt]);});
            var sb=$("scans").tBodies[0];sb.textContent="";
            scans.forEach(function(s){
              var tr=row(sb,[s.id,s.createdAt,s.frameCount+" ("+s.depthFrameCount+" depth)",fmt(s.durationSeconds,1)+" s",fmt(s.distanceWalkedMetres,1)+" m",s.verdict]);
              tr.lastChild.className=s.verdict==="ok"?"ok":"bad";
              tr.addEventListener("click",function(){show(s,tr);});
            });
            if(scans.length)show(scans[0],sb.rows[0]);else body.dataset.ready="empty";
          }).catch(function(e){fail("lists",e);});
        }
        function timeline(s){
          var ns="http://www.w3.org/2000/svg",w=900,h=46,svg=document.createElementNS(ns,"svg");
          svg.setAttribute("viewBox","0 0 "+w+" "+h);svg.setAttribute("width","100%");svg.setAttribute("id","timeline-svg");
          function add(tag,attrs){var e=document.createElementNS(ns,tag);for(var k in attrs)e.setAttribute(k,attrs[k]);svg.appendChild(e);return e;}
          var d=Math.max(s.durationSeconds,1e-3),t0=s.events.length?Math.min.apply(null,s.events.map(function(e){return e.timestamp;})):0;
          add("rect",{x:0,y:14,width:w,height:14,fill:s.verdict==="ok"?"#cde9d6":"#f6d0d6"});
          var tracked=Math.min(1,s.trackedSeconds/d);add("rect",{x:0,y:28,width:w*tracked,height:4,fill:"#1a7f37"});
          s.events.forEach(function(e){var x=Math.max(0,Math.min(w,(e.timestamp-t0)/d*w));
            var m=add("rect",{x:x-1,y:8,width:3,height:26,fill:"#d97706","data-code":e.code});var t=document.createElementNS(ns,"title");t.textContent=e.message;m.appendChild(t);});
          var l=add("text",{x:2,y:44,"font-size":10});l.textContent="0 s";
          var r=add("text",{x:w-2,y:44,"font-size":10,"text-anchor":"end"});r.textContent=fmt(d,1)+" s";
          return svg;
        }
        function download(path,name){
          return function(ev){ev.preventDefault();api(path).then(function(r){return r.blob();}).then(function(b){
            var a=document.createElement("a");a.href=URL.createObjectURL(b);a.download=name;document.body.appendChild(a);a.click();
            setTimeout(function(){URL.revokeObjectURL(a.href);a.remove();},1000);}).catch(function(e){fail("download",e);});};
        }
        function link(path,name){var li=el("li"),a=el("a",name);a.href=path;a.addEventListener("click",download(path,name));li.appendChild(a);$("downloads").appendChild(li);}
        var current=0;
        function show(s,tr){
          var token=++current;body.dataset.ready="loading";delete body.dataset.error;$("status").textContent="";
          Array.prototype.forEach.call($("scans").tBodies[0].rows,function(r){r.classList.toggle("selected",r===tr);});
          $("detail").hidden=false;$("detail-title").textContent="Scan "+s.id;
          $("timeline").textContent="";$("timeline").appendChild(timeline(s));
          var ev=$("events");ev.textContent="";
          ev.appendChild(el("li",(s.verdict==="ok"?"Verdict ok":"Verdict "+s.verdict+": "+s.reason),s.verdict==="ok"?"ok":"bad"));
          s.events.forEach(function(e){ev.appendChild(el("li",fmt(e.timestamp-(s.events[0]?s.events[0].timestamp:0),1)+" s (frame "+e.frameNumber+", code "+e.code+"): "+e.message));});
          s.warnings.forEach(function(w){ev.appendChild(el("li","warning: "+w,"bad"));});
          $("downloads").textContent="";link("/v1/scans/"+s.id+"/cloud.ply","cloud.ply");
          var job=jobs.filter(function(j){return j.state==="done"&&j.scans.indexOf(s.id)>=0;})[0];
          var plan=$("plan");plan.textContent="";
          var planDone;
          if(job){
            job.results.forEach(function(r){link(r.url,r.name);});
            var img=el("img");img.alt="Floor plan of "+s.id;img.dataset.status="loading";
            planDone=Promise.all([
              api("/v1/jobs/"+job.id+"/results/plan.svg").then(function(r){return r.blob();}).then(function(b){
                return new Promise(function(ok,no){img.onload=function(){img.dataset.status="loaded";ok();};img.onerror=function(){img.dataset.status="error";no(new Error("the drawing did not load"));};img.src=URL.createObjectURL(b);});}),
              json("/v1/jobs/"+job.id+"/results/plan.json").then(function(p){
                var t=el("table");t.id="rooms";var h=t.createTHead().insertRow();["room","area","perimeter"].forEach(function(c){h.appendChild(el("th",c));});
                var tb=t.createTBody(),total=0;
                p.rooms.forEach(function(r){total+=r.area;row(tb,[r.label||r.id,fmt(r.area,2)+" m²",fmt(r.perimeter,2)+" m"]);});
                row(tb,["total",fmt(total,2)+" m²",""]);plan.appendChild(t);})]);
            plan.insertBefore(img,plan.firstChild);
          }else{
            plan.appendChild(el("p","No finished floor plan for this scan yet."));
            var b=el("button","Make the floor plan");b.addEventListener("click",function(){
              api("/v1/jobs",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({scans:[s.id]})}).then(function(){load();}).catch(function(e){fail("job",e);});});
            plan.appendChild(b);planDone=Promise.resolve();
          }
          // A fresh canvas per scan: the viewer's drag handlers stay with the cloud they were made for.
          var old=$("cloud3d"),canvas=old.cloneNode(false);old.parentNode.replaceChild(canvas,old);
          canvas.dataset.status="loading";delete canvas.dataset.drawnPixels;
          var cloudDone=json("/v1/scans/"+s.id+"/cloud-view.json").then(function(data){if(token===current){canvas.dataset.points=data.n;fathomCloudView(canvas,data);}});
          Promise.all([planDone,cloudDone]).then(function(){if(token===current)body.dataset.ready="scan";}).catch(function(e){fail("scan "+s.id,e);});
        }
        $("signin").addEventListener("submit",function(ev){ev.preventDefault();var k=$("key").value.trim();if(!k)return;sessionStorage.setItem(KEY,k);key=k;$("key").value="";load();});
        $("signout").addEventListener("click",function(){signOut("");});
        var m=/(?:^#|&)key=([^&]+)/.exec(location.hash);
        if(m){sessionStorage.setItem(KEY,decodeURIComponent(m[1]));history.replaceState(null,"",location.pathname+location.search);}
        key=sessionStorage.getItem(KEY);
        if(key)load();else signOut("");
        })();
        """#
}
