"""Runs a command in a pseudo-terminal of a given size and relays what it prints.

usage: pty-run.py ROWS COLUMNS TIMEOUT_S TERM_WHEN COMMAND...
Sends SIGTERM when TERM_WHEN happens: a number is seconds after the start (0: never),
any other text is the moment the terminal's output first shows that text. SIGKILL at
TIMEOUT_S, a safety net only. Prints the
first 64 KiB of the terminal's output on stdout, then one JSON line on stderr:
{"exit": code or null, "signal": number or null, "bytes": total, "timedOut": bool, "seconds": elapsed}.
"""
import fcntl, json, os, select, signal, struct, subprocess, sys, termios, time

rows, columns, timeout = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
try:
    term_after, term_on = float(sys.argv[4]), None
except ValueError:
    term_after, term_on = 0.0, sys.argv[4].encode('utf-8')
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', rows, columns, 0, 0))
start = time.monotonic()
child = subprocess.Popen(sys.argv[5:], stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
os.close(slave)
kept, seen, total, timed_out, termed = bytearray(), b'', 0, False, False
while True:
    elapsed = time.monotonic() - start
    if term_after and not termed and elapsed >= term_after:
        child.send_signal(signal.SIGTERM)
        termed = True
    if elapsed >= timeout and child.poll() is None:
        child.kill()
        timed_out = True
    ready, _, _ = select.select([master], [], [], 0.05)
    if ready:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every holder of the terminal closed it
            chunk = b''
        if not chunk and child.poll() is not None:
            break
        total += len(chunk)
        if len(kept) < 65536:
            kept += chunk[: 65536 - len(kept)]
        if term_on is not None and not termed:
            # The text may arrive split across reads: keep the tail that could start it.
            seen = seen[-len(term_on) :] + chunk
            if term_on in seen:
                child.send_signal(signal.SIGTERM)
                termed = True
    elif child.poll() is not None:
        break
code = child.wait()
sys.stdout.buffer.write(bytes(kept))
sys.stderr.write(json.dumps({'exit': code if code >= 0 else None, 'signal': -code if code < 0 else None, 'bytes': total, 'timedOut': timed_out, 'seconds': time.monotonic() - start}) + '\n')
