//! Accepted connections, set up for serving.

/// The next connection on `listener`, its socket set up for serving: every accepted socket goes
/// through here, so none is served without [`set_up_socket`].
pub(super) async fn accept(
    listener: &tokio::net::TcpListener,
) -> std::io::Result<(tokio::net::TcpStream, std::net::SocketAddr)> {
    let (stream, peer) = listener.accept().await?;
    set_up_socket(&stream);
    Ok((stream, peer))
}

/// Sets TCP_NODELAY on an accepted socket. Without it an answer hyper writes in more than one piece
/// (a planner file `ServeDir` streams: its head, then its body) holds its last piece back under
/// Nagle's algorithm until the client acknowledges the first, and a client delays that
/// acknowledgement by up to 40 ms on a kept-alive connection: 44 ms per file instead of 0.3 ms
/// (docs/performance.md). Small packets are not the risk Nagle's algorithm guards against here:
/// hyper writes an answer's head with the body it has ready. A failure is logged and the
/// connection served anyway: it is slower, not wrong.
fn set_up_socket(stream: &tokio::net::TcpStream) {
    if let Err(error) = stream.set_nodelay(true) {
        tracing::warn!(%error, "accept: could not set TCP_NODELAY");
    }
}

#[cfg(test)]
mod tests {
    use super::accept;

    /// The server's side of an accepted connection has TCP_NODELAY, as the accept loop takes it
    /// (a client's own setting would say nothing about the answers' writes).
    #[tokio::test]
    async fn accepted_sockets_send_without_waiting_for_acknowledgements() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let client = tokio::net::TcpStream::connect(address).await.unwrap();
        let (served, peer) = accept(&listener).await.unwrap();
        assert_eq!(peer, client.local_addr().unwrap());
        assert!(
            served.nodelay().unwrap(),
            "the accepted socket has TCP_NODELAY"
        );
    }
}
