module github.com/inarow/inarow

go 1.26
