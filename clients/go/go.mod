module marquee

go 1.19
