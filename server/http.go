package server

import (
	"log/slog"
	"net/http"
	"time"
)

// HTTPServer returns an http.Server for h with limits on every connection:
// header size and read time, body read time, write time (event streams
// extend their own write deadline per event) and idle keep-alive time.
func HTTPServer(addr string, h http.Handler, log *slog.Logger) *http.Server {
	if log == nil {
		log = slog.Default()
	}
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// AccessLog logs each request's method, path, status and duration. It
// never logs headers or bodies, so seat tokens stay out of the logs (the
// web page keeps them in the URL fragment, which browsers do not send).
func AccessLog(log *slog.Logger, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "dur", time.Since(start).Round(time.Microsecond), "remote", r.RemoteAddr)
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection (Flush, write deadlines).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
