//! The browser tests' driver: Debian's headless Chromium, a page of it driven over the
//! DevTools protocol (CDP: JSON commands on a WebSocket; tungstenite and serde_json).
//! It does what `serve_browser.rs` needs and no more: load a page, evaluate JS, wait for
//! an element, click it with the mouse, insert text, choose a file input's files and take
//! a screenshot. Every wait is bounded.
//!
//! Why not a CDP crate: headless_chrome generated the whole protocol at build time and
//! pulled an HTTPS client for it (rustls, ring, darling): 105 of a fresh build's 866
//! CPU-seconds (`cargo test --no-run --timings`), for the ten commands below.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};
use tungstenite::{Message, WebSocket};

/// How long any one wait (start, command, element, text) may take.
pub const WAIT_MAX: Duration = Duration::from_secs(60);
/// How often a wait looks again.
const POLL_INTERVAL: Duration = Duration::from_millis(25);
/// Chromium's first stderr lines, shown when it does not start.
const STDERR_LINES_KEPT: usize = 40;

/// A headless Chromium with its own profile folder; killed when dropped.
pub struct Browser {
    child: Child,
    /// `127.0.0.1:PORT` of its DevTools endpoint.
    address: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts `chromium` headless with a window of `width` x `height` pixels.
    pub fn launch(chromium: &Path, width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().expect("a profile folder");
        let mut child = Command::new(chromium)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check"])
            .arg("--remote-debugging-port=0")
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(format!("--window-size={width},{height}"))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{} does not start: {e}", chromium.display()));
        // Chromium prints `DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID`;
        // the rest of its stderr is read on (and dropped) so that it never blocks on a full
        // pipe.
        let (sender, receiver) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().expect("chromium's stderr");
        let said = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let kept = said.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    let _ = sender.send(url.to_string());
                }
                let mut kept = kept.lock().unwrap();
                if kept.len() < STDERR_LINES_KEPT {
                    kept.push(line);
                }
            }
        });
        let url = receiver.recv_timeout(WAIT_MAX).unwrap_or_else(|_| {
            let said = said.lock().unwrap().join("\n");
            panic!("chromium did not open its DevTools port within {WAIT_MAX:?}; it said:\n{said}")
        });
        let address = url.trim_start_matches("ws://").split('/').next().unwrap_or_default().to_string();
        Browser { child, address, _profile: profile }
    }

    /// The page Chromium opened at start (`about:blank`), ready for commands.
    pub fn first_tab(&self) -> Tab {
        let list = format!("http://{}/json/list", self.address);
        let deadline = Instant::now() + WAIT_MAX;
        let agent: ureq::Agent = ureq::Agent::config_builder().timeout_global(Some(WAIT_MAX)).build().into();
        loop {
            let pages: Vec<Value> = agent
                .get(&list)
                .call()
                .ok()
                .and_then(|mut response| response.body_mut().read_to_string().ok())
                .and_then(|text| serde_json::from_str(&text).ok())
                .unwrap_or_default();
            let page = pages.iter().find(|target| target["type"] == "page");
            if let Some(socket_url) = page.and_then(|page| page["webSocketDebuggerUrl"].as_str()) {
                return Tab::connect(socket_url);
            }
            assert!(Instant::now() < deadline, "chromium listed no page within {WAIT_MAX:?}: {pages:?}");
            std::thread::sleep(POLL_INTERVAL);
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One page, and the WebSocket its commands go through.
pub struct Tab {
    socket: WebSocket<TcpStream>,
    last_id: u64,
}

impl Tab {
    fn connect(socket_url: &str) -> Tab {
        let address = socket_url.trim_start_matches("ws://").split('/').next().unwrap_or_default();
        let stream = TcpStream::connect(address).unwrap_or_else(|e| panic!("{socket_url}: {e}"));
        // A command that gets no answer fails the test instead of hanging it.
        stream.set_read_timeout(Some(WAIT_MAX)).unwrap();
        let (socket, _) = tungstenite::client(socket_url, stream).unwrap_or_else(|e| panic!("{socket_url}: {e}"));
        Tab { socket, last_id: 0 }
    }

    /// Sends one command and returns its result; the events that arrive meanwhile are
    /// not needed and dropped.
    pub fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.last_id += 1;
        let id = self.last_id;
        let command = json!({ "id": id, "method": method, "params": params }).to_string();
        self.socket.send(Message::text(command)).map_err(|e| format!("{method}: {e}"))?;
        loop {
            let message = self.socket.read().map_err(|e| format!("{method}: no answer: {e}"))?;
            let Message::Text(text) = message else { continue };
            let answer: Value = serde_json::from_str(text.as_str()).map_err(|e| format!("{method}: {e}"))?;
            if answer["id"] != id {
                continue;
            }
            if let Some(error) = answer.get("error") {
                return Err(format!("{method}: {error}"));
            }
            return Ok(answer["result"].clone());
        }
    }

    /// Loads `url` and waits for the new document to finish loading; an error if the load
    /// failed (for example, its answer was lost). The old document is marked first, so a
    /// look at it (`Page.navigate` may answer before the new one replaces it) is not taken
    /// for the new one.
    pub fn navigate(&mut self, url: &str) -> Result<(), String> {
        self.evaluate("window.__gasSimLeaving = true")?;
        let result = self.call("Page.navigate", json!({ "url": url }))?;
        if let Some(error) = result["errorText"].as_str() {
            return Err(format!("{url}: {error}"));
        }
        self.wait_for("(!window.__gasSimLeaving && document.readyState === 'complete') || null").map(|_| ())
    }

    /// The value of `expression` in the page (JSON values only); an error if it threw.
    pub fn evaluate(&mut self, expression: &str) -> Result<Value, String> {
        let result = self.call("Runtime.evaluate", json!({ "expression": expression, "returnByValue": true }))?;
        if let Some(details) = result.get("exceptionDetails") {
            return Err(format!("{expression}: {details}"));
        }
        Ok(result["result"]["value"].clone())
    }

    /// Evaluates `expression` until it gives something other than `null`, `false` or
    /// nothing, and returns that. An error (the page being replaced meanwhile) is looked
    /// at again until the deadline.
    pub fn wait_for(&mut self, expression: &str) -> Result<Value, String> {
        let deadline = Instant::now() + WAIT_MAX;
        loop {
            let last = match self.evaluate(expression) {
                Ok(value) if !(value.is_null() || value == false) => return Ok(value),
                Ok(_) => String::from("nothing"),
                Err(error) => error,
            };
            if Instant::now() >= deadline {
                return Err(format!("still {last} after {WAIT_MAX:?}: {expression}"));
            }
            std::thread::sleep(POLL_INTERVAL);
        }
    }

    /// Whether an element matches `selector` now.
    pub fn has_element(&mut self, selector: &str) -> bool {
        self.evaluate(&format!("!!document.querySelector({})", js_string(selector))) == Ok(Value::Bool(true))
    }

    /// Waits for the element `selector` and clicks the middle of it with the mouse, as a
    /// person would (it gets the focus, then the click).
    pub fn click(&mut self, selector: &str) {
        let center = format!(
            "(() => {{ const e = document.querySelector({}); if (!e) return null; e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            js_string(selector)
        );
        let point = self.wait_for(&center).unwrap_or_else(|e| panic!("{selector}: {e}"));
        let (x, y) = (point[0].as_f64().unwrap(), point[1].as_f64().unwrap());
        for (kind, button) in [("mouseMoved", "none"), ("mousePressed", "left"), ("mouseReleased", "left")] {
            let event = json!({ "type": kind, "x": x, "y": y, "button": button, "clickCount": 1 });
            self.call("Input.dispatchMouseEvent", event).unwrap_or_else(|e| panic!("{selector}: {e}"));
        }
    }

    /// Puts `text` into the focused field in one insertion, as a paste or an input method
    /// does (the page gets its `input` event).
    pub fn insert_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text })).unwrap();
    }

    /// Waits for the node `xpath` and returns its rendered text.
    pub fn text_of(&mut self, xpath: &str) -> Result<String, String> {
        let expression = format!(
            "(() => {{ const n = document.evaluate({}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)\
             .singleNodeValue; return n ? n.innerText : null; }})()",
            js_string(xpath)
        );
        let text = self.wait_for(&expression)?;
        Ok(text.as_str().unwrap_or_default().to_string())
    }

    /// Chooses `files` in the file input `selector`, as the file dialog would.
    pub fn set_input_files(&mut self, selector: &str, files: &[PathBuf]) {
        self.wait_for(&format!("document.querySelector({})", js_string(selector))).unwrap();
        let element = self.call(
            "Runtime.evaluate",
            json!({ "expression": format!("document.querySelector({})", js_string(selector)) }),
        );
        let object_id = element.unwrap()["result"]["objectId"].clone();
        let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        self.call("DOM.setFileInputFiles", json!({ "files": files, "objectId": object_id })).unwrap();
    }

    /// A PNG of what the page shows.
    pub fn screenshot_png(&mut self) -> Vec<u8> {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png", "fromSurface": true })).unwrap();
        base64::engine::general_purpose::STANDARD.decode(shot["data"].as_str().unwrap_or_default()).unwrap()
    }
}

/// `text` as a JS string literal (JSON's string syntax is JS's).
fn js_string(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}
