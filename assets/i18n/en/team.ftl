# The team database (src/team/): the address, TLS and connection sentences.
team-address-scheme = The team database's address must start with postgres:// or postgresql://, for example postgres://logodesk@db.example.com:5432/logodesk.
team-address-invalid = The team database's address cannot be read ({ $reason }). Write it as postgres://user@host:port/database.
team-address-password = The team database's address holds a password. Remove it from the address and type it in the password field: logodesk keeps it in the keychain, never in a file.
team-address-no-user = The team database's address names no user. Write it as postgres://user@host:port/database.
team-address-no-host = The team database's address names no host. Write it as postgres://user@host:port/database, or a Unix socket as ?host=/path.
team-address-no-database = The team database's address names no database. Add it after the host: postgres://user@host:port/database.
team-ca-file = The CA file { $path } cannot be used ({ $reason }). Choose a PEM file with the certificate of the authority that signed the server's certificate.
team-ca-file-empty = it holds no certificate
team-tls-not-offered = The server { $host } does not offer TLS, and logodesk does not send the team's data unencrypted off this computer. Turn on ssl in the server's postgresql.conf, or ask whoever runs the server.
team-tls-untrusted = The server's certificate is not trusted for { $host } ({ $reason }). Choose the CA file that signed it in Settings → Team, or ask whoever runs the server for a certificate from a trusted authority.
team-tls-failed = The encrypted connection to { $host } failed ({ $reason }). Check the address and the CA file in Settings → Team.
team-tls-expired = The server { $host }'s certificate has expired, so logodesk cannot tell it is the team's server. Ask whoever runs the server to renew it (the README's recipe makes one for ten years).
team-tls-not-yet-valid = The server { $host }'s certificate is not valid yet. Check this computer's date and time; if they are right, the certificate was made with a wrong date.
team-tls-wrong-name = The server's certificate is not made out to { $host }, the name in the team's address. Use the name the certificate is for in Settings → Team, or make the server a certificate for { $host } (the README's recipe).
team-tls-revoked = The server { $host }'s certificate was revoked by the authority that signed it. Ask whoever runs the server for a new one.
team-tls-ca-as-server = The server { $host } presents an authority's certificate (CA:TRUE) as its own, which logodesk does not take from an authority. Choose that certificate itself as the CA file in Settings → Team to trust it as it is (compare its fingerprint with the server's first), or give the server a certificate signed by a small CA (the README's recipe).
team-tls-reason-unknown-issuer = it is not signed by the CA file chosen, nor by an authority this computer trusts
team-tls-reason-signature = its signature does not check out or uses an algorithm logodesk does not take
team-tls-reason-other = the certificate is not one logodesk can check
team-tls-reason-handshake = the server and logodesk found no way to talk securely
team-unreachable = The team database at { $host } cannot be reached ({ $reason }). Check the address and the network; logodesk tries again by itself.
team-auth = The team database refused the user { $user } or its password. Check the password in Settings → Team.
team-password-missing = The team database asks for a password and logodesk has none to give it (none is saved, or the keychain that keeps it is not running). On a desk, type it in Settings → Team and save; on a server, put it in the team-password file of its credentials folder (chmod 600) or in PostgreSQL's ~/.pgpass.
team-no-database = The database { $database } does not exist on the server. Check the address, or create it (the README says how).
team-server = The team database answered with an error: { $reason }
team-unencrypted-refused = The address turns encryption off (sslmode=disable) for the server { $host }, which is not on this computer, so the team's data and the password would cross the network in the clear. Remove sslmode=disable from the address, or allow an unencrypted connection to this server in Settings → Team.
team-silent = The server { $host } took the connection but did not set it up within { $seconds } s (TLS, the start-up or the password), so logodesk stopped waiting. Check the address and the port: is a PostgreSQL answering there? logodesk tries again by itself.
team-listener-closed = the server closed the connection
team-saved-read = The team settings in { $path } cannot be read ({ $reason }). Enter them again in Settings → Team.
team-saved-write = The team settings cannot be saved to { $path } ({ $reason }). Check that the data folder is writable.
team-no-address = No team database is set. Type its address in Settings → Team first.
team-ca-pick-title = Choose the team database's CA file
team-ca-pick-filter = Certificates (PEM)

# Settings → Team (src/ui/settings_team.rs).
settings-team = Team database
settings-team-hint = A PostgreSQL database the team shares. Optional: without one, everything stays on this computer. Once saved, this desk moves its accounts, drafts, history, approvals and queued orders into it (never its API keys or the built-in sandbox's orders), sees the other desks' orders, and the team's queued orders are sent by one desk each.
settings-team-run = For this run the team database is { $address } (--team-database), not the one saved here.
settings-team-address = Address
settings-team-password = Password
settings-team-password-kept = saved in the keychain; type to replace
settings-team-ca = CA file
settings-team-ca-hint = optional: the system's certificates otherwise
settings-team-ca-no-dialog = No file was chosen. If no dialog opened, this computer has no file dialog service (a desktop portal or zenity): type or paste the CA file's path in the field.
settings-team-choose = Choose…
settings-team-choosing = Choosing a CA file
settings-team-desk = Desk name
settings-team-desk-hint = empty: this computer's user name
settings-team-allow-unencrypted = Allow an unencrypted connection to { $host }
settings-team-allow-unencrypted-hint = The address says sslmode=disable and { $host } is not on this computer: with this ticked, the team's orders and the password cross the network in the clear (the status bar says so meanwhile). Without it, no connection is made.
team-desk-unnamed = This desk
settings-team-save = Save team database
settings-team-saving = Saving the team database
settings-team-saved = The team database is saved.
settings-team-test = Test team database
settings-team-testing = Testing the team database
settings-team-loading = Reading the team settings
settings-team-forget = Forget
settings-team-forget-hover = Forget the team database's address and remove its password from the keychain.
settings-team-version = Connected: PostgreSQL { $version }
settings-team-tls-on = Encrypted (TLS) to { $host }
settings-team-tls-off-socket = Not encrypted: a Unix socket on this computer ({ $host }), so the team's data does not leave it
settings-team-tls-off-loopback = Not encrypted: the server is on this computer ({ $host }), so the team's data does not leave it
settings-team-tls-off-network = Not encrypted: the team's data and the password cross the network to { $host } in the clear (sslmode=disable, allowed above)
settings-team-schema-there = The schema logodesk is there.
settings-team-schema-may = The role may create the schema logodesk.
settings-team-schema-not = The role may not create the schema logodesk, and it is not there. Grant CREATE on the database, or create the schema for the role (the README says how).
settings-team-desks = { $count ->
    [one] One desk connected now:
   *[other] { $count } desks connected now:
}
settings-team-desk-row = { $name }, since { $since }
settings-team-desk-this = { $name } (this test), since { $since }
shell-team-unreachable = Team database not reachable, next try in { $seconds } s
shell-team-refused = Team database not used: it is from a newer logodesk
shell-team-unencrypted = Team database: not encrypted
shell-team-unencrypted-hover = The connection to the team database at { $host } is not encrypted (sslmode=disable, allowed in Settings → Team): the team's orders and the password cross the network in the clear.
settings-team-joined = This desk joined the team database. Moved in: { $accounts ->
        [one] one account
       *[other] { $accounts } accounts
    }, { $drafts ->
        [one] one draft
       *[other] { $drafts } drafts
    }, { $queued ->
        [one] one order waiting to be sent
       *[other] { $queued } orders waiting to be sent
    }, { $history ->
        [one] one order of the history
       *[other] { $history } orders of the history
    }, { $approvals ->
        [one] one approval
       *[other] { $approvals } approvals
    } and { $tasks ->
        [one] one task
       *[other] { $tasks } tasks
    }. Nothing already sent is sent again.
settings-team-kept-back = The team database is back. What was kept on this computer went to the team: { $saved ->
        [0] no changes to drafts
        [one] the changes to one draft
       *[other] the changes to { $saved } drafts
    }, { $drafts ->
        [0] no new draft
        [one] one new draft
       *[other] { $drafts } new drafts
    } and { $queued ->
        [0] no order
        [one] one order, now in the team's outbox with its key (sent once)
       *[other] { $queued } orders, now in the team's outbox with their keys (each sent once)
    }.
settings-team-kept-apart = { $reference } was changed on another desk while this one could not reach the team database. Their version stays as it is; what you typed here is kept as the new draft "{ $kept }". Compare the two and delete the one you do not need.
settings-team-kept-apart-placed = { $reference } was changed (or placed) on another desk while this one could not reach the team database, so the order you placed here was not sent. What you typed is kept as the new draft "{ $kept }": check it against theirs and place it again if it is still wanted.
settings-team-left-kept = This desk left the team database. What it kept for the team while the database was out of reach never reached the team and stays on this computer: { $drafts ->
        [0] no draft
        [one] one draft
       *[other] { $drafts } drafts
    }, now this desk's own, under { $accounts } in the account list (with this desk's key for it).
settings-team-left-unplaced = { $count ->
        [one] One of them is an order you placed meanwhile: it was never sent and is a draft again. Place it from here if it is still wanted.
       *[other] { $count } of them are orders you placed meanwhile: they were never sent and are drafts again. Place them from here if they are still wanted.
    }
settings-team-left-may-be-placed = { $count ->
        [one] One order you placed for the team may be in the team's outbox already: the connection broke before the team database confirmed it. It is a draft again under { $accounts }, with the key it was placed with: look in the team's History on another desk before placing it from here.
       *[other] { $count } orders you placed for the team may be in the team's outbox already: the connection broke before the team database confirmed them. They are drafts again under { $accounts }, each with the key it was placed with: look in the team's History on another desk before placing them from here.
    }
settings-team-key-kept = The API key of "{ $name }" could not be copied to the team's account in the keychain, so this desk keeps its own account "{ $name }" and the key as they were; its orders are in the team's outbox. logodesk tries again at the next connection to the team database.

# What each desk of a team signs, and whom it trusts (issue 38, src/store/desks.rs).
store-refused-unsigned = Not sent: no desk of this team signed this order. It was written into the team database by something other than a desk of the team, or queued before logodesk signed orders. No desk sends it; if it is wanted, copy it to a new draft, check it and place it.
store-refused-changed = Not sent: this order changed in the team database after desk “{ $desk }” queued it (its body, account or service address is not what that desk signed). No desk sends it; if it is wanted, copy it to a new draft, check it and place it.
store-refused-desk = Not sent: desk “{ $desk }” queued it, and this desk refused that desk in Settings → Team. If it is wanted, copy it to a new draft, check it and place it.
store-no-such-desk = No desk of the team has this code. Check the code (Settings → Team shows it on that desk), and that the desk has connected to the team database.
store-desk-changed = That desk's key changed after its code was shown, so nothing was confirmed. Compare the code shown now.
settings-team-desks-loading = Reading the team's desks
settings-team-desks-saving = Saving which desks this desk trusts
settings-team-desks-heading = Desks of the team
settings-team-desks-hint = Every desk signs the orders it queues. This desk sends only orders signed by a desk it trusts, and never one changed after it was queued. Confirm a desk after comparing its code here with the code Settings → Team shows on that desk; the desks that trust this one then trust it too.
settings-team-own-code = This desk's code:
settings-team-desk-waits = Desk “{ $name }” asks to join the team. Its orders are not sent from this desk until you confirm it. Compare this code with the one Settings → Team shows on that desk:
settings-team-desk-confirm = Confirm
settings-team-desk-confirm-hover = Only if the code is the same on both desks.
settings-team-desk-refuse = Refuse
settings-team-desk-distrust = Stop trusting
settings-team-desk-confirmed = { $name }: confirmed on this desk
settings-team-desk-vouched = { $name }: trusted (confirmed by { $by })
settings-team-desk-refused = { $name }: refused on this desk; its orders are not sent from here
settings-team-desk-own-earlier = { $name }: an earlier key of this desk
settings-team-desk-asks = Desk “{ $name }” asks to join the team. Compare its code in Settings → Team and confirm it there.
settings-team-order-refused = The order { $reference } to { $recipient } was not sent. { $why }
cli-team-own-code = This desk's code: { $code }
cli-team-desk-this = this desk
cli-team-desk-confirmed = confirmed on this desk
cli-team-desk-vouched = trusted (confirmed by { $by })
cli-team-desk-untrusted = waits for a confirmation: its orders are not sent from here
cli-team-desk-refused = refused on this desk
cli-team-desk-earlier = an earlier key of this desk
cli-team-trusted = Desk “{ $name }” is trusted on this desk now; the desks that trust this one trust it too.
cli-team-refused = Desk “{ $name }” is refused on this desk: its orders are not sent from here.
cli-team-none = This data folder has no team database. Set one in Settings → Team or give --team-database URL.
cli-team-address-password = The team database's address holds a password, which would show in the list of processes and the shell's history, so it was not used. Remove it from the address and put it in the team-password file of the credentials folder (--credentials DIR), in PostgreSQL's ~/.pgpass, or in Settings → Team on a desk.
team-address-not-text = The team database's address is not text logodesk can read. Write it as postgres://user@host:port/database.
team-desk-key-missing = This server has no desk key in { $path }, so it signs with a key for this run only and the team's desks must confirm it again after every restart. Make one once: umask 077; logodesk team new-desk-key > { $path }
cli-team-no-random = This computer's random source failed, so no key was made. Try again; if it fails again, the system needs attention.
store-refused-untrusted = Not sent from this desk: desk “{ $desk }” queued it, and this desk has not confirmed that desk yet. Confirm it in Settings → Team after comparing its code, or let a desk that trusts it send the order.
settings-team-desk-not-confirmed = Desk “{ $name }” of the team is not confirmed on this desk yet: its orders are not sent from here until you confirm it. Compare this code with the one Settings → Team shows on that desk:
settings-team-desk-unconfirmed = Desk “{ $name }” of the team is not confirmed on this desk yet. Compare its code in Settings → Team and confirm it there.
settings-team-desk-refuse-hover = If it is not a desk of your team: the orders it queued that this desk finds are marked as not sent, for every desk.
shell-team-unreachable-trying = Team database not reachable, trying again now…
shell-team-unreachable-waiting = Team database not reachable; see why under Settings → Team
shell-team-try-now = Try now
shell-team-try-now-hover = Connect to the team database again at once.
