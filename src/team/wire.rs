//! What lies between the team's PostgreSQL and the desk, below the protocol's client (issue
//! 38, items 7 to 9): the socket logodesk opens itself, to the address the decision on TLS was
//! made for ([`super::Target`]), and a reader that lets no more of what the server sends into
//! memory than [`Limits`] allow, whatever the database holds.
//!
//! - [`open`]: a TCP socket (keepalives, `TCP_USER_TIMEOUT` on Linux, no Nagle) or a Unix
//!   socket, within the time it is given.
//! - [`Checked`]: reads the server's messages as they come (type, length, body) and keeps each
//!   within bounds: a row's column larger than [`Limits::column`] arrives as NULL, the rows of
//!   one call past [`Limits::call`] are left out, and either is recorded so that the call fails
//!   with a sentence ([`Limits::take_over`]) — the connection itself stays in step. Any other
//!   message larger than [`MAX_OTHER`], or more than [`MAX_PARAMETERS`] parameter reports,
//!   ends the connection: no server sends them. Nothing is buffered but one row as it is
//!   rebuilt (at most [`Limits::call`]) and 16 KiB of input.
//! - [`CheckedTls`]: rustls (through `tokio-postgres-rustls`, channel binding kept) with the
//!   reader on the decrypted side; the raw socket under it is read unchecked (ciphertext).

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll, ready};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect};
use tokio_postgres_rustls::MakeRustlsConnect;

/// The largest message other than a row the server may send (an error's text, a row's
/// description, a notification: PostgreSQL's own are a few KiB at most).
pub const MAX_OTHER: usize = 1024 * 1024;
/// Parameter reports (`ParameterStatus`) one connection takes at most: the client keeps each
/// name it is told, and a server sends about fifteen at the start and one per setting changed.
pub const MAX_PARAMETERS: usize = 10_000;
/// The input read from the socket at a time.
const CHUNK: usize = 16 * 1024;

/// What one connection's calls may read: a column's value and all rows of one call, and what
/// was left out since the last [`Limits::reset`].
#[derive(Debug)]
pub struct Limits {
    /// The largest column value kept, in bytes.
    pub column: usize,
    /// The bytes of rows one call keeps at most.
    pub call: usize,
    kept: AtomicUsize,
    over: AtomicU64,
}

impl Limits {
    pub fn new(column: usize, call: usize) -> Arc<Limits> {
        Arc::new(Limits {
            column,
            call,
            kept: AtomicUsize::new(0),
            over: AtomicU64::new(0),
        })
    }

    /// A new call starts: nothing read yet, nothing left out.
    pub fn reset(&self) {
        self.kept.store(0, Ordering::SeqCst);
        self.over.store(0, Ordering::SeqCst);
    }

    /// The size of the largest value (or row) left out since the last reset, if any.
    pub fn take_over(&self) -> Option<u64> {
        Some(self.over.swap(0, Ordering::SeqCst)).filter(|&n| n > 0)
    }

    fn left_out(&self, bytes: usize) {
        self.over.fetch_max(bytes as u64, Ordering::SeqCst);
    }
}

/// A socket to the server: TCP or a Unix socket.
pub enum Socket {
    Tcp(tokio::net::TcpStream),
    #[cfg(unix)]
    Unix(tokio::net::UnixStream),
}

/// Where a socket goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// A host name or an IP address (as text), and the port.
    Tcp { host: String, port: u16 },
    /// A Unix socket in this folder (`.s.PGSQL.<port>` in it).
    Socket { dir: std::path::PathBuf, port: u16 },
}

/// TCP keepalives (research §2): a dead path is noticed within about a minute, not Linux's
/// default two hours; and data sent that the server does not acknowledge within
/// [`USER_TIMEOUT`] ends the connection.
const KEEPALIVE_IDLE: Duration = Duration::from_secs(30);
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(10);
#[cfg(not(windows))]
const KEEPALIVE_RETRIES: u32 = 3;
#[cfg(target_os = "linux")]
const USER_TIMEOUT: Duration = Duration::from_secs(30);

/// Opens a socket along `route` (every address a host name resolves to, in turn), each try
/// bounded by `within`; the caller bounds the whole.
pub async fn open(route: &Route, within: Duration) -> io::Result<Socket> {
    let timed_out = || io::Error::new(io::ErrorKind::TimedOut, "no answer to the connection");
    match route {
        Route::Tcp { host, port } => {
            let host = host.trim_start_matches('[').trim_end_matches(']');
            let addrs: Vec<_> =
                tokio::time::timeout(within, tokio::net::lookup_host((host, *port)))
                    .await
                    .map_err(|_| timed_out())??
                    .collect();
            let mut last = io::Error::new(io::ErrorKind::InvalidInput, "no address for the host");
            for addr in addrs {
                match tokio::time::timeout(within, tokio::net::TcpStream::connect(addr)).await {
                    Ok(Ok(stream)) => {
                        stream.set_nodelay(true)?;
                        let sock = socket2::SockRef::from(&stream);
                        let keepalive = socket2::TcpKeepalive::new()
                            .with_time(KEEPALIVE_IDLE)
                            .with_interval(KEEPALIVE_INTERVAL);
                        // As tokio-postgres sets them: Windows takes no retry count.
                        #[cfg(not(windows))]
                        let keepalive = keepalive.with_retries(KEEPALIVE_RETRIES);
                        sock.set_tcp_keepalive(&keepalive)?;
                        #[cfg(target_os = "linux")]
                        sock.set_tcp_user_timeout(Some(USER_TIMEOUT))?;
                        return Ok(Socket::Tcp(stream));
                    }
                    Ok(Err(e)) => last = e,
                    Err(_) => last = timed_out(),
                }
            }
            Err(last)
        }
        #[cfg(unix)]
        Route::Socket { dir, port } => {
            let path = dir.join(format!(".s.PGSQL.{port}"));
            tokio::time::timeout(within, tokio::net::UnixStream::connect(path))
                .await
                .map_err(|_| timed_out())?
                .map(Socket::Unix)
        }
        #[cfg(not(unix))]
        Route::Socket { .. } => Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "Unix sockets are not available on this system",
        )),
    }
}

impl AsyncRead for Socket {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Socket::Tcp(s) => Pin::new(s).poll_read(cx, buf),
            #[cfg(unix)]
            Socket::Unix(s) => Pin::new(s).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Socket {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Socket::Tcp(s) => Pin::new(s).poll_write(cx, buf),
            #[cfg(unix)]
            Socket::Unix(s) => Pin::new(s).poll_write(cx, buf),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Socket::Tcp(s) => Pin::new(s).poll_flush(cx),
            #[cfg(unix)]
            Socket::Unix(s) => Pin::new(s).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Socket::Tcp(s) => Pin::new(s).poll_shutdown(cx),
            #[cfg(unix)]
            Socket::Unix(s) => Pin::new(s).poll_shutdown(cx),
        }
    }
}

/// A stream whose reads go through [`Machine`] when `checked` (the protocol in the clear),
/// else unchanged (the ciphertext under TLS, read checked above it).
pub struct Checked<S> {
    inner: S,
    checked: bool,
    machine: Machine,
    /// Bytes checked and ready for the reader, from `at`.
    out: Vec<u8>,
    at: usize,
    chunk: Box<[u8]>,
}

impl<S> Checked<S> {
    pub fn new(inner: S, checked: bool, limits: Arc<Limits>) -> Checked<S> {
        Checked {
            inner,
            checked,
            machine: Machine::new(limits),
            out: Vec::new(),
            at: 0,
            chunk: vec![0; if checked { CHUNK } else { 0 }].into_boxed_slice(),
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Checked<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if !this.checked {
            return Pin::new(&mut this.inner).poll_read(cx, buf);
        }
        loop {
            if this.at < this.out.len() {
                let n = buf.remaining().min(this.out.len() - this.at);
                buf.put_slice(&this.out[this.at..this.at + n]);
                this.at += n;
                if this.at == this.out.len() {
                    this.out.clear();
                    this.at = 0;
                }
                return Poll::Ready(Ok(()));
            }
            let mut input = ReadBuf::new(&mut this.chunk);
            ready!(Pin::new(&mut this.inner).poll_read(cx, &mut input))?;
            if input.filled().is_empty() {
                // The end of the stream: passed on as such (a message cut short is the
                // client's to report).
                return Poll::Ready(Ok(()));
            }
            this.machine.feed(input.filled(), &mut this.out)?;
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Checked<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

impl<S: tokio_postgres::tls::TlsStream + Unpin> tokio_postgres::tls::TlsStream for Checked<S> {
    fn channel_binding(&self) -> ChannelBinding {
        self.inner.channel_binding()
    }
}

/// The raw socket of a connection: checked when the protocol runs on it in the clear.
pub type Wire = Checked<Socket>;

/// The TLS stream rustls makes over a [`Wire`].
type RustlsStream = <MakeRustlsConnect as MakeTlsConnect<Wire>>::Stream;

/// The decrypted side of a TLS connection, checked.
pub type TlsWire = Checked<RustlsStream>;

/// rustls for one server name, its decrypted stream read through [`Checked`].
pub struct CheckedTls {
    connect: <MakeRustlsConnect as MakeTlsConnect<Wire>>::TlsConnect,
    limits: Arc<Limits>,
}

impl CheckedTls {
    pub fn new(mut make: MakeRustlsConnect, server_name: &str, limits: Arc<Limits>) -> CheckedTls {
        let connect = match <MakeRustlsConnect as MakeTlsConnect<Wire>>::make_tls_connect(
            &mut make,
            server_name,
        ) {
            Ok(connect) => connect,
            Err(never) => match never {},
        };
        CheckedTls { connect, limits }
    }
}

impl TlsConnect<Wire> for CheckedTls {
    type Stream = TlsWire;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<TlsWire>> + Send>>;

    fn connect(self, stream: Wire) -> Self::Future {
        let CheckedTls { connect, limits } = self;
        Box::pin(async move {
            let tls = connect.connect(stream).await?;
            Ok(Checked::new(tls, true, limits))
        })
    }
}

/// Reads the server's messages (a type byte, a length that counts itself, the body) and hands
/// on what fits the limits.
struct Machine {
    limits: Arc<Limits>,
    state: State,
    parameters: usize,
}

enum State {
    /// The type and length of the next message, as far as read.
    Head { bytes: [u8; 5], got: usize },
    /// Passing the body of a message on: bytes still to come.
    Pass { left: usize },
    /// A row (`DataRow`), rebuilt as its columns come.
    Row(Box<Row>),
}

/// A row being read: its body still to come, the body rebuilt so far (values too large
/// replaced by NULL), and where in it the reading is.
struct Row {
    left: usize,
    rebuilt: Vec<u8>,
    /// Columns still to come after the current one.
    columns: usize,
    part: Part,
    /// The bytes of a count or a length, as far as read.
    small: [u8; 4],
    got: usize,
}

enum Part {
    /// The number of columns (2 bytes).
    Count,
    /// A column's length (4 bytes; -1 is NULL).
    Length,
    /// A column's value: bytes still to come, and whether they are kept.
    Value { left: usize, keep: bool },
}

fn protocol_error(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("the team database sent {what}"),
    )
}

impl Machine {
    fn new(limits: Arc<Limits>) -> Machine {
        Machine {
            limits,
            state: State::Head {
                bytes: [0; 5],
                got: 0,
            },
            parameters: 0,
        }
    }

    /// Reads `input`, appending to `out` what the client may read.
    fn feed(&mut self, mut input: &[u8], out: &mut Vec<u8>) -> io::Result<()> {
        while !input.is_empty() {
            match &mut self.state {
                State::Head { bytes, got } => {
                    let n = (5 - *got).min(input.len());
                    bytes[*got..*got + n].copy_from_slice(&input[..n]);
                    *got += n;
                    input = &input[n..];
                    if *got < 5 {
                        continue;
                    }
                    let bytes = *bytes;
                    let length = i32::from_be_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]);
                    let body = usize::try_from(length)
                        .ok()
                        .and_then(|l| l.checked_sub(4))
                        .ok_or_else(|| protocol_error("a message of a negative length"))?;
                    self.state = if bytes[0] == b'D' {
                        State::Row(Box::new(Row {
                            left: body,
                            rebuilt: Vec::with_capacity(body.min(CHUNK)),
                            columns: 0,
                            part: Part::Count,
                            small: [0; 4],
                            got: 0,
                        }))
                    } else {
                        if body > MAX_OTHER {
                            return Err(protocol_error(&format!(
                                "a message of {body} bytes (type {:?}), more than logodesk reads ({MAX_OTHER})",
                                char::from(bytes[0])
                            )));
                        }
                        if bytes[0] == b'S' {
                            self.parameters += 1;
                            if self.parameters > MAX_PARAMETERS {
                                return Err(protocol_error(&format!(
                                    "more than {MAX_PARAMETERS} parameter reports"
                                )));
                            }
                        }
                        out.extend_from_slice(&bytes);
                        if body == 0 {
                            State::Head {
                                bytes: [0; 5],
                                got: 0,
                            }
                        } else {
                            State::Pass { left: body }
                        }
                    };
                }
                State::Pass { left } => {
                    let n = (*left).min(input.len());
                    out.extend_from_slice(&input[..n]);
                    input = &input[n..];
                    *left -= n;
                    if *left == 0 {
                        self.state = State::Head {
                            bytes: [0; 5],
                            got: 0,
                        };
                    }
                }
                State::Row(row) => {
                    input = row.feed(input, &self.limits)?;
                    if row.done() {
                        let State::Row(row) = std::mem::replace(
                            &mut self.state,
                            State::Head {
                                bytes: [0; 5],
                                got: 0,
                            },
                        ) else {
                            unreachable!("the state is a row");
                        };
                        row.finish(&self.limits, out);
                    }
                }
            }
        }
        // A row with no body at all (no column count) is finished by nothing more coming.
        if let State::Row(row) = &self.state
            && row.left == 0
            && !row.done()
        {
            return Err(protocol_error("a row without its column count"));
        }
        Ok(())
    }
}

impl Row {
    fn done(&self) -> bool {
        self.left == 0 && matches!(self.part, Part::Length) && self.columns == 0 && self.got == 0
    }

    /// Takes up to `want` bytes of a count or a length into `small`; whether it is complete.
    fn small<'a>(&mut self, input: &'a [u8], want: usize) -> io::Result<(&'a [u8], bool)> {
        let n = (want - self.got).min(input.len());
        if n > self.left {
            return Err(protocol_error("a row longer than its length"));
        }
        self.small[self.got..self.got + n].copy_from_slice(&input[..n]);
        self.got += n;
        self.left -= n;
        Ok((&input[n..], self.got == want))
    }

    /// Reads what of the row is in `input`; answers what is left of `input`.
    fn feed<'a>(&mut self, mut input: &'a [u8], limits: &Limits) -> io::Result<&'a [u8]> {
        while !input.is_empty() && !self.done() {
            match self.part {
                Part::Count => {
                    let (rest, complete) = self.small(input, 2)?;
                    input = rest;
                    if complete {
                        let count = i16::from_be_bytes([self.small[0], self.small[1]]);
                        self.columns = usize::try_from(count)
                            .map_err(|_| protocol_error("a row with a negative column count"))?;
                        self.rebuilt.extend_from_slice(&self.small[..2]);
                        self.got = 0;
                        self.part = Part::Length;
                        if self.columns == 0 && self.left > 0 {
                            return Err(protocol_error("a row longer than its columns"));
                        }
                    }
                }
                Part::Length => {
                    if self.columns == 0 {
                        return Err(protocol_error("a row longer than its columns"));
                    }
                    let (rest, complete) = self.small(input, 4)?;
                    input = rest;
                    if !complete {
                        continue;
                    }
                    self.got = 0;
                    self.columns -= 1;
                    let length = i32::from_be_bytes(self.small);
                    let Ok(length) = usize::try_from(length) else {
                        // NULL (-1).
                        self.rebuilt.extend_from_slice(&self.small);
                        self.end_of_column()?;
                        continue;
                    };
                    if length > self.left {
                        return Err(protocol_error("a column longer than its row"));
                    }
                    let keep =
                        length <= limits.column && self.rebuilt.len() + 4 + length <= limits.call;
                    if keep {
                        self.rebuilt.extend_from_slice(&self.small);
                    } else {
                        limits.left_out(length);
                        self.rebuilt.extend_from_slice(&(-1i32).to_be_bytes());
                    }
                    if length == 0 {
                        self.end_of_column()?;
                    } else {
                        self.part = Part::Value { left: length, keep };
                    }
                }
                Part::Value { left, keep } => {
                    let n = left.min(input.len());
                    if keep {
                        self.rebuilt.extend_from_slice(&input[..n]);
                    }
                    input = &input[n..];
                    self.left -= n;
                    if n == left {
                        self.part = Part::Length;
                        self.end_of_column()?;
                    } else {
                        self.part = Part::Value {
                            left: left - n,
                            keep,
                        };
                    }
                }
            }
        }
        Ok(input)
    }

    /// After a column: the row must end exactly with its last column.
    fn end_of_column(&mut self) -> io::Result<()> {
        self.part = Part::Length;
        if self.columns == 0 && self.left > 0 {
            return Err(protocol_error("a row longer than its columns"));
        }
        if self.columns > 0 && self.left == 0 {
            return Err(protocol_error("a row shorter than its columns"));
        }
        Ok(())
    }

    /// The row is read: handed on rebuilt, unless the call's rows are over their limit (left
    /// out, and recorded).
    fn finish(self, limits: &Limits, out: &mut Vec<u8>) {
        let size = self.rebuilt.len();
        let kept = limits.kept.fetch_add(size, Ordering::SeqCst) + size;
        if kept > limits.call {
            limits.left_out(kept);
            return;
        }
        out.push(b'D');
        out.extend_from_slice(&((size + 4) as i32).to_be_bytes());
        out.extend_from_slice(&self.rebuilt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(ty: u8, body: &[u8]) -> Vec<u8> {
        let mut m = vec![ty];
        m.extend_from_slice(&((body.len() + 4) as i32).to_be_bytes());
        m.extend_from_slice(body);
        m
    }

    fn row(columns: &[Option<&[u8]>]) -> Vec<u8> {
        let mut body = (columns.len() as i16).to_be_bytes().to_vec();
        for c in columns {
            match c {
                None => body.extend_from_slice(&(-1i32).to_be_bytes()),
                Some(v) => {
                    body.extend_from_slice(&(v.len() as i32).to_be_bytes());
                    body.extend_from_slice(v);
                }
            }
        }
        message(b'D', &body)
    }

    /// Feeds `input` in pieces of `step` bytes.
    fn through(limits: &Arc<Limits>, input: &[u8], step: usize) -> io::Result<Vec<u8>> {
        let mut m = Machine::new(limits.clone());
        let mut out = Vec::new();
        for piece in input.chunks(step) {
            m.feed(piece, &mut out)?;
        }
        Ok(out)
    }

    #[test]
    fn messages_within_the_limits_pass_unchanged_however_they_are_cut() {
        let limits = Limits::new(16, 1000);
        let mut input = message(b'Z', b"I");
        input.extend(row(&[Some(b"abc"), None, Some(b"")]));
        input.extend(message(b'C', b"SELECT 1\0"));
        input.extend(row(&[]));
        for step in [1, 2, 3, 7, 1000] {
            limits.reset();
            assert_eq!(through(&limits, &input, step).unwrap(), input, "{step}");
            assert_eq!(limits.take_over(), None);
        }
    }

    #[test]
    fn a_column_over_the_limit_arrives_as_null_and_is_recorded() {
        let limits = Limits::new(4, 1000);
        let big = vec![b'x'; 300];
        let input = row(&[Some(b"id"), Some(&big), Some(b"end")]);
        for step in [1, 5, 64, 10_000] {
            limits.reset();
            let out = through(&limits, &input, step).unwrap();
            assert_eq!(out, row(&[Some(b"id"), None, Some(b"end")]), "{step}");
            assert_eq!(limits.take_over(), Some(300));
            assert_eq!(limits.take_over(), None, "taken");
        }
    }

    #[test]
    fn rows_past_the_calls_limit_are_left_out_and_recorded() {
        let limits = Limits::new(100, 40);
        let one = row(&[Some(&[b'a'; 20])]);
        let mut input = one.clone();
        input.extend(one.clone());
        input.extend(message(b'C', b"SELECT 2\0"));
        let out = through(&limits, &input, 3).unwrap();
        let mut expected = one.clone();
        expected.extend(message(b'C', b"SELECT 2\0"));
        assert_eq!(out, expected);
        assert!(limits.take_over().is_some());
        // The next call starts afresh.
        limits.reset();
        assert_eq!(through(&limits, &one, 3).unwrap(), one);
    }

    #[test]
    fn other_messages_over_their_limit_and_broken_rows_end_the_connection() {
        let limits = Limits::new(100, 1000);
        let mut huge = vec![b'E'];
        huge.extend_from_slice(&((MAX_OTHER + 5) as i32).to_be_bytes());
        assert!(through(&limits, &huge, 100).is_err());
        assert!(through(&limits, &message(b'D', &[0, 1, 0, 0, 0, 9, b'a']), 100).is_err());
        assert!(
            through(
                &limits,
                &message(b'D', &[0, 1, 0, 0, 0, 1, b'a', b'b']),
                100
            )
            .is_err()
        );
        assert!(through(&limits, &[b'Z', 0, 0, 0, 2], 100).is_err());
        let mut parameters = Vec::new();
        for i in 0..=MAX_PARAMETERS {
            parameters.extend(message(b'S', format!("p{i}\0v\0").as_bytes()));
        }
        assert!(through(&limits, &parameters, 4096).is_err());
    }
}
