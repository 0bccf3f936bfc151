import FathomCore
import Foundation

/// A point cloud as a self-contained, interactive 3D view for a web page: one `<canvas>` and one
/// `<script>` (WebGL 1, written for Fathom, no libraries), with the points embedded in the page, so the
/// page opens from disk without a server.
///
/// Positions are quantized to 16 bits per axis over the cloud's bounding box (the error is at most half
/// a step: `extent / 65535 / 2`, 0.08 mm for a 10 m room) and colours kept as 8-bit RGB: 9 bytes a point
/// before base64. Clouds larger than `maximumPoints` are thinned by an even stride.
///
/// The script sets `data-status` on the canvas to `drawn` (with `data-drawn-pixels`, the number of pixels
/// the first frame covered, read back from WebGL) or to `no-webgl` / `error: …`, so a browser test can
/// check that the cloud was drawn. Drag to orbit, shift-drag to pan, wheel to zoom.
public enum PointCloudWebView {
    /// The default cap on embedded points (about 2.4 MB of base64).
    public static let defaultMaximumPoints = 200_000

    /// Points as the page carries them: bounds, count and the quantized bytes.
    public struct Payload: Sendable, Equatable {
        /// Lower corner of the quantization box, metres.
        public var minimum: SIMD3<Float>
        /// Size of the quantization box, metres (each axis at least 1e-6).
        public var extent: SIMD3<Float>
        /// Number of points.
        public var count: Int
        /// `count` × 3 little-endian UInt16 positions, then `count` × 3 bytes of RGB.
        public var bytes: Data

        /// The decoded positions (metres) and colours; the inverse of `init(cloud:maximumPoints:)` up to
        /// quantization.
        public func decoded() -> (positions: [SIMD3<Float>], colors: [RGB8]) {
            var positions: [SIMD3<Float>] = []
            var colors: [RGB8] = []
            positions.reserveCapacity(count)
            colors.reserveCapacity(count)
            bytes.withUnsafeBytes { raw in
                let q = raw.bindMemory(to: UInt8.self)
                func u16(_ i: Int) -> Float { Float(UInt16(q[2 * i]) | UInt16(q[2 * i + 1]) << 8) }
                for i in 0..<count {
                    let v = SIMD3(u16(3 * i), u16(3 * i + 1), u16(3 * i + 2))
                    positions.append(minimum + v / 65535 * extent)
                    let c = 6 * count + 3 * i
                    colors.append(RGB8(r: q[c], g: q[c + 1], b: q[c + 2]))
                }
            }
            return (positions, colors)
        }

        /// Quantizes the finite points of `cloud` (at most `maximumPoints`, by even stride). Points without
        /// colour are coloured by height (blue low, red high).
        public init(cloud: PointCloud, maximumPoints: Int = PointCloudWebView.defaultMaximumPoints) {
            let finite = cloud.positions.indices.filter { cloud.positions[$0].isFinite }
            let step = max(1, (finite.count + max(1, maximumPoints) - 1) / max(1, maximumPoints))
            let chosen = stride(from: 0, to: finite.count, by: step).map { finite[$0] }
            let box = BoundingBox(points: chosen.map { cloud.positions[$0] })
            minimum = box?.min ?? .zero
            extent = pointwiseMax((box?.max ?? .zero) - minimum, SIMD3(repeating: 1e-6))
            count = chosen.count
            var out = [UInt8](repeating: 0, count: 9 * chosen.count)
            for (i, k) in chosen.enumerated() {
                let t = ((cloud.positions[k] - minimum) / extent * Float(65535)).rounded(.toNearestOrEven)
                let q = t.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 65535))
                for a in 0..<3 {
                    let v = UInt16(q[a])
                    out[6 * i + 2 * a] = UInt8(v & 0xFF)
                    out[6 * i + 2 * a + 1] = UInt8(v >> 8)
                }
                let color = cloud.hasColors ? cloud.colors[k] : Self.heightColor((q.y) / 65535)
                out[6 * chosen.count + 3 * i] = color.r
                out[6 * chosen.count + 3 * i + 1] = color.g
                out[6 * chosen.count + 3 * i + 2] = color.b
            }
            bytes = Data(out)
        }

        /// The payload as a JSON object, `{"min": [x, y, z], "ext": [x, y, z], "n": count, "b64": bytes}`
        /// (metres; `bytes` base64): what the viewer script reads as `data`.
        public var json: String {
            func triple(_ v: SIMD3<Float>) -> String { "[\(v.x),\(v.y),\(v.z)]" }
            return "{\"min\":\(triple(minimum)),\"ext\":\(triple(extent)),\"n\":\(count),\"b64\":\"\(bytes.base64EncodedString())\"}"
        }

        /// Blue (0) through green to red (1).
        static func heightColor(_ t: Float) -> RGB8 {
            let s = min(max(t, 0), 1)
            let r = min(max(2 * s - 0.5, 0), 1), b = min(max(1.5 - 2 * s, 0), 1), g = 1 - abs(2 * s - 1) * 0.6
            return RGB8(r: UInt8(r * 255), g: UInt8(g * 255), b: UInt8(b * 255))
        }
    }

    /// An HTML fragment (a canvas and its script) showing `cloud`; `id` names the canvas and must be
    /// unique in the page (letters, digits, `-` and `_`).
    public static func html(
        cloud: PointCloud, id: String = "cloud3d", caption: String? = nil, maximumPoints: Int = defaultMaximumPoints
    ) -> String {
        precondition(!id.isEmpty && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") },
                     "canvas id must be letters, digits, - and _")
        let p = Payload(cloud: cloud, maximumPoints: maximumPoints)
        let captionHTML = caption.map {
            "<figcaption>" + $0.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                + "</figcaption>"
        } ?? ""
        return """
            <figure class="cloud3d"><canvas id="\(id)" width="960" height="560" style="max-width:100%;background:#10141a;cursor:grab" data-points="\(p.count)" data-status="loading"></canvas>\(captionHTML)</figure>
            <script>
            (function(){
            var canvas=document.getElementById("\(id)");
            var data=\(p.json);
            \(viewerScript)
            })();
            </script>
            """
    }

    /// The viewer as a JavaScript function declaration `name(canvas, data)`, for pages that load the
    /// points themselves (`data` is a parsed `Payload.json`); it sets the canvas's `data-status` exactly
    /// as `html(cloud:id:caption:maximumPoints:)` does. `name` must be a JavaScript identifier (letters,
    /// digits, `_`, not starting with a digit).
    public static func viewerFunction(named name: String) -> String {
        precondition(
            !name.isEmpty && !name.first!.isNumber && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") },
            "the function name must be a JavaScript identifier")
        return "function \(name)(canvas,data){\n\(viewerScript)\n}"
    }

    /// The viewer's script body; expects `canvas` and `data` in scope.
    static let viewerScript = """
        function fail(s){canvas.dataset.status=s;var c=canvas.getContext("2d");if(c){c.fillStyle="#fff";c.font="16px sans-serif";c.fillText("3D view unavailable: "+s,20,30);}}
        try{
        var gl=canvas.getContext("webgl",{preserveDrawingBuffer:true,antialias:false});
        if(!gl){fail("no-webgl");return;}
        var raw=atob(data.b64),n=data.n,bytes=new Uint8Array(raw.length);
        for(var i=0;i<raw.length;i++)bytes[i]=raw.charCodeAt(i);
        var pos=new Float32Array(3*n),col=new Uint8Array(bytes.buffer,6*n,3*n);
        var dv=new DataView(bytes.buffer),half=[data.ext[0]/2,data.ext[1]/2,data.ext[2]/2];
        for(var i=0;i<n;i++)for(var a=0;a<3;a++)pos[3*i+a]=dv.getUint16(6*i+2*a,true)/65535*data.ext[a]-half[a];
        function sh(t,s){var o=gl.createShader(t);gl.shaderSource(o,s);gl.compileShader(o);if(!gl.getShaderParameter(o,gl.COMPILE_STATUS))throw new Error(gl.getShaderInfoLog(o));return o;}
        var prog=gl.createProgram();
        gl.attachShader(prog,sh(gl.VERTEX_SHADER,"attribute vec3 p;attribute vec3 c;uniform mat4 m;uniform float s;varying vec3 v;void main(){gl_Position=m*vec4(p,1.0);gl_PointSize=s;v=c;}"));
        gl.attachShader(prog,sh(gl.FRAGMENT_SHADER,"precision mediump float;varying vec3 v;void main(){gl_FragColor=vec4(v,1.0);}"));
        gl.linkProgram(prog);if(!gl.getProgramParameter(prog,gl.LINK_STATUS))throw new Error(gl.getProgramInfoLog(prog));
        gl.useProgram(prog);
        function buf(arr,loc,size,type,norm){var b=gl.createBuffer();gl.bindBuffer(gl.ARRAY_BUFFER,b);gl.bufferData(gl.ARRAY_BUFFER,arr,gl.STATIC_DRAW);var l=gl.getAttribLocation(prog,loc);gl.enableVertexAttribArray(l);gl.vertexAttribPointer(l,size,type,norm,0,0);}
        buf(pos,"p",3,gl.FLOAT,false);buf(col,"c",3,gl.UNSIGNED_BYTE,true);
        var um=gl.getUniformLocation(prog,"m"),us=gl.getUniformLocation(prog,"s");
        var radius=Math.max(Math.sqrt(half[0]*half[0]+half[1]*half[1]+half[2]*half[2]),1e-3);
        var yaw=0.7,pitch=0.6,dist=2.6*radius,target=[0,0,0];
        function mul(a,b){var r=new Float32Array(16);for(var i=0;i<4;i++)for(var j=0;j<4;j++){var s=0;for(var k=0;k<4;k++)s+=a[k*4+j]*b[i*4+k];r[i*4+j]=s;}return r;}
        function matrix(){
          var asp=canvas.width/canvas.height,f=1/Math.tan(0.45),near=dist/100,far=dist+4*radius;
          var P=new Float32Array([f/asp,0,0,0, 0,f,0,0, 0,0,(far+near)/(near-far),-1, 0,0,2*far*near/(near-far),0]);
          var cy=Math.cos(yaw),sy=Math.sin(yaw),cp=Math.cos(pitch),sp=Math.sin(pitch);
          var R=new Float32Array([cy,sy*sp,-sy*cp,0, 0,cp,sp,0, sy,-cy*sp,cy*cp,0, 0,0,0,1]);
          var T=new Float32Array([1,0,0,0,0,1,0,0,0,0,1,0,-target[0],-target[1],-target[2],1]);
          var V=new Float32Array([1,0,0,0,0,1,0,0,0,0,1,0,0,0,-dist,1]);
          return mul(P,mul(V,mul(R,T)));
        }
        function draw(){
          gl.viewport(0,0,canvas.width,canvas.height);gl.clearColor(0.063,0.078,0.102,1);gl.enable(gl.DEPTH_TEST);
          gl.clear(gl.COLOR_BUFFER_BIT|gl.DEPTH_BUFFER_BIT);
          gl.uniformMatrix4fv(um,false,matrix());gl.uniform1f(us,Math.max(1.5,Math.min(4,3e5/Math.max(n,1))));
          gl.drawArrays(gl.POINTS,0,n);
        }
        draw();
        var px=new Uint8Array(4*canvas.width*canvas.height);
        gl.readPixels(0,0,canvas.width,canvas.height,gl.RGBA,gl.UNSIGNED_BYTE,px);
        var drawn=0;for(var i=0;i<px.length;i+=4)if(Math.abs(px[i]-16)+Math.abs(px[i+1]-20)+Math.abs(px[i+2]-26)>6)drawn++;
        canvas.dataset.drawnPixels=drawn;canvas.dataset.status="drawn";
        var drag=null;
        canvas.addEventListener("mousedown",function(e){drag={x:e.clientX,y:e.clientY,pan:e.shiftKey};canvas.style.cursor="grabbing";});
        window.addEventListener("mouseup",function(){drag=null;canvas.style.cursor="grab";});
        window.addEventListener("mousemove",function(e){if(!drag)return;var dx=e.clientX-drag.x,dy=e.clientY-drag.y;drag.x=e.clientX;drag.y=e.clientY;
          if(drag.pan){var k=dist/canvas.height;target[0]-=k*(dx*Math.cos(yaw));target[2]-=k*(dx*Math.sin(yaw));target[1]+=k*dy;}
          else{yaw+=dx*0.01;pitch=Math.max(-1.5,Math.min(1.5,pitch+dy*0.01));}draw();});
        canvas.addEventListener("wheel",function(e){e.preventDefault();dist*=Math.exp(e.deltaY*0.001);draw();},{passive:false});
        }catch(err){fail("error: "+err.message);}
        """
}
